// Real PostgreSQL, Redis and S3-compatible servers for the scale-out tests: each is started on a free
// loopback port in its own temporary folder and stopped (folder removed) by the `stop` it returns.
// PostgreSQL and Redis are Debian's packages (`npm test` installs them when missing); S3 is s3rver.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export type Service = { url: string; stop(): Promise<void> };

const PG_BIN = "/usr/lib/postgresql/15/bin";

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, child: ChildProcess, name: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => (socket.end(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} did not listen on ${port} within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => (clearTimeout(force), resolve()));
    child.kill(signal);
  });
}

// The port opens before PostgreSQL accepts queries ("the database system is starting up").
async function waitForQueries(url: string, timeoutMs = 20_000): Promise<void> {
  const { default: pg } = await import("pg");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

export function hasPostgres(): boolean {
  return existsSync(path.join(PG_BIN, "postgres"));
}

export function hasRedis(): boolean {
  return existsSync("/usr/bin/redis-server");
}

// initdb and postgres refuse to run as root: as root they run as the `postgres` user Debian's package made.
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

/** A fresh PostgreSQL cluster; the URL names its `postgres` database (user postgres, no password). */
export async function startPostgres(): Promise<Service> {
  const dir = mkdtempSync(path.join(tmpdir(), "loadline-pg-"));
  if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), 0);
  const data = path.join(dir, "data");
  const [initdb, initArgs] = asPostgresUser(path.join(PG_BIN, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  execFileSync(initdb, initArgs, { stdio: "ignore" });
  const port = await freePort();
  // Durability is not what these tests check; fsync off keeps a test run's CREATE DATABASEs fast.
  const settings = ["-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=300"];
  const [postgres, args] = asPostgresUser(path.join(PG_BIN, "postgres"), ["-D", data, ...settings]);
  const child = spawn(postgres, args, { stdio: "ignore" });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await waitForPort(port, child, "postgres");
    await waitForQueries(url);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url,
    async stop() {
      // Signal the postmaster itself (runuser does not pass signals on); SIGINT is a fast shutdown.
      const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));
      try {
        process.kill(Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]), "SIGINT");
        await exited;
      } catch {
        await stopChild(child, "SIGINT");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Redis server with no persistence. */
/** A new, empty database on this PostgreSQL server; answers its URL (the server's, with the name as path). */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function startRedis(): Promise<Service> {
  const dir = mkdtempSync(path.join(tmpdir(), "loadline-redis-"));
  const port = await freePort();
  const child = spawn("/usr/bin/redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  await waitForPort(port, child, "redis-server");
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An S3-compatible server (s3rver) in this process, with `buckets` created, taking PUTs from the
 * browser pages of `corsOrigins`. Credentials S3RVER/S3RVER (its one built-in account; any other key
 * is refused). It checks a presigned URL's expiry but not its V4 signature, and keeps whatever body
 * it is sent (no Content-MD5 or Content-Length check): what the app checks itself is what tests see.
 */
export async function startS3(buckets: string[] = ["loadline-test"], { corsOrigins = [] }: { corsOrigins?: string[] } = {}): Promise<Service & { endpoint: string }> {
  const { default: S3rver } = await import("s3rver");
  const dir = mkdtempSync(path.join(tmpdir(), "loadline-s3-"));
  const port = await freePort();
  const configs = corsOrigins.length ? [uploadCors(corsOrigins)] : [];
  const server = new S3rver({ port, address: "127.0.0.1", directory: dir, silent: true, configureBuckets: buckets.map((name) => ({ name, configs })) });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    url: endpoint,
    endpoint,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The CORS rule a bucket needs for DirectUpload's PUT (docs/storage.md gives the same for a real bucket). */
function uploadCors(origins: string[]): string {
  const allowed = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join("");
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>PUT</AllowedMethod><AllowedHeader>Content-Type</AllowedHeader><AllowedHeader>Content-MD5</AllowedHeader><MaxAgeSeconds>3600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

const S3_SETTINGS = ["STORAGE_URL", "S3_ENDPOINT", "S3_FORCE_PATH_STYLE", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"] as const;

/**
 * Points this process's storage at `bucket` on a startS3 server. Storage follows the process's
 * settings, read once on first use: call it before anything stores a file. The returned function
 * takes the settings away again, so later test files in this process find none.
 */
export function useBucket(endpoint: string, bucket: string): () => void {
  Object.assign(process.env, {
    STORAGE_URL: `s3://${bucket}`,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: "true",
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    // The SDK's notice that its 2027 releases need Node 22 is not the tests' business.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  });
  return () => {
    for (const name of S3_SETTINGS) delete process.env[name];
  };
}
