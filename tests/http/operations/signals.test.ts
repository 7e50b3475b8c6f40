import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it, vi } from "vitest";
import { disconnectDb } from "#db/client.server.ts";
import { createShipper } from "../../support/fixtures.ts";
import type { LogLine } from "./support/captured-logs.ts";

// `npm start`'s process (src/main.ts) on this test file's database, stopped the way a process
// manager or a container runtime stops it.

type Server = { child: ChildProcess; url: string; lines: LogLine[]; exited: Promise<number | null> };
const children: ChildProcess[] = [];

afterEach(() => children.splice(0).forEach((child) => child.exitCode === null && child.kill("SIGKILL")));

async function startMain(): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", SEED_DEMO_DATA: "false" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const lines: LogLine[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => lines.push(JSON.parse(line) as LogLine));
  const exited = once(child, "exit").then(([code]) => code as number | null);
  await vi.waitFor(() => expect(lines.some((line) => line.msg?.startsWith("Loadline is running at"))).toBe(true), { timeout: 30_000, interval: 50 });
  const url = /running at (\S+)/.exec(lines.find((line) => line.msg?.startsWith("Loadline is running"))!.msg!)![1]!.replace("localhost", "127.0.0.1");
  return { child, url, lines, exited };
}

/** A user to sign in as; this process lets go of the database so the next process can check its migrations. */
async function shipperEmail(): Promise<string> {
  const { email } = await createShipper();
  await disconnectDb();
  return email;
}

/** A sign-in whose form is sent in two parts, the second when `finish` is called. */
async function slowSignIn(url: string, email: string) {
  const login = await fetch(`${url}/login`);
  const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await login.text())![1]!;
  const form = new URLSearchParams({ _csrf: csrf, email, password: "password123" }).toString();
  const agent = new http.Agent({ keepAlive: false });
  const req = http.request(`${url}/session`, { method: "POST", agent, headers: { cookie, "content-type": "application/x-www-form-urlencoded", "content-length": String(form.length) } });
  const status = new Promise<number>((resolve, reject) => {
    req.on("error", reject);
    req.on("response", (res) => (res.resume(), resolve(res.statusCode!)));
  });
  req.write(form.slice(0, 8));
  // The child gives no sign that it has read the headers: give it a moment to.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { status, finish: () => req.end(form.slice(8)) };
}

describe("stopping the process", () => {
  it("on SIGTERM, lets the request in flight finish, then exits 0", { timeout: 60_000 }, async () => {
    const server = await startMain();
    const signIn = await slowSignIn(server.url, await shipperEmail());

    server.child.kill("SIGTERM");
    await vi.waitFor(() => expect(server.lines).toContainEqual(expect.objectContaining({ msg: "SIGTERM received, shutting down" })));
    await expect(fetch(`${server.url}/up`)).rejects.toThrow();
    signIn.finish();

    expect(await signIn.status).toBe(303);
    expect(await server.exited).toBe(0);
  });

  it("exits at once, with 1, on a second signal while requests are still being waited for", { timeout: 60_000 }, async () => {
    const server = await startMain();
    const signIn = await slowSignIn(server.url, await shipperEmail());
    const cutOff = expect(signIn.status).rejects.toThrow(/socket hang up|ECONNRESET/);

    server.child.kill("SIGTERM");
    await vi.waitFor(() => expect(server.lines).toContainEqual(expect.objectContaining({ msg: "SIGTERM received, shutting down" })));
    const started = Date.now();
    server.child.kill("SIGINT");

    expect(await server.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.lines).toContainEqual(expect.objectContaining({ msg: "SIGINT received again, exiting without waiting" }));
    await cutOff;
  });
});
