// Real app processes (`node src/main.ts`, as production runs them) on free loopback ports, for tests
// of what happens across processes: several servers on one database, or one refusing to start.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "./services.ts";

/** `output` is stdout and stderr together, `errors` stderr alone; `exited` settles with the exit code once all of it is in. */
export type AppProcess = { url: string; child: ChildProcess; output: string[]; errors: string[]; exited: Promise<number | null> };

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SECOND = 1_000;

/** Starts an app process with `settings` (DATABASE_URL at least) over a quiet test configuration; not yet waited for. */
export async function launchApp(settings: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET: "scale-test-secret-scale-test-secret-0123456789",
    SEED_DEMO_DATA: "false",
    LOG_LEVEL: "warn",
    ...settings,
  };
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  const errors: string[] = [];
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output.push(chunk.toString()), errors.push(chunk.toString())));
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return { url: `http://127.0.0.1:${port}`, child, output, errors, exited };
}

/** An app process answered once its /up says it is ready. */
export async function startApp(settings: Record<string, string>): Promise<AppProcess> {
  const app = await launchApp(settings);
  await ready(app);
  return app;
}

export async function ready(app: AppProcess, timeoutMs = 120 * SECOND): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`The app exited with code ${app.child.exitCode}:\n${app.output.join("")}`);
    const up = await fetch(`${app.url}/up`).then((response) => response.ok, () => false);
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The app did not answer /up within ${timeoutMs} ms:\n${app.output.join("")}`);
}

/** How an app process that refuses to start ended: its exit code, what it logged (each line's message) and its stderr. */
export async function refusalOf(app: AppProcess): Promise<{ code: number | null; messages: string[]; stderr: string }> {
  const code = await app.exited;
  const lines = app.output.join("").split("\n").filter((line) => line.trim() !== "");
  return { code, messages: lines.map(messageOf), stderr: app.errors.join("") };
}

function messageOf(line: string): string {
  try {
    return (JSON.parse(line) as { msg: string }).msg;
  } catch {
    return line;
  }
}

/** SIGTERM (a graceful shutdown), then SIGKILL if it has not exited 30 s later. */
export function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 30 * SECOND);
    child.once("exit", () => (clearTimeout(force), resolve()));
    child.kill("SIGTERM");
  });
}
