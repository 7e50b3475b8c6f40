import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, inject } from "vitest";
import { DatabaseInUse, lockDatabaseFile } from "#db/process-lock.server.ts";
import { launchApp, refusalOf, startApp, stopped, type AppProcess } from "../../support/app-process.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const SECOND = 1_000;
const inUse = (pid: number, file: string) =>
  `Another Loadline process (pid ${pid}) is using ${file}; SQLite serves one process — use PostgreSQL (DATABASE_URL=postgres://…) to run several.`;

let dir: string;
const children: ChildProcess[] = [];
const releases: (() => void)[] = [];
afterEach(async () => {
  for (const release of releases.splice(0)) release();
  await Promise.all(children.splice(0).map((child) => stopped(child)));
  rmSync(dir, { recursive: true, force: true });
});
const database = () => path.join((dir = mkdtempSync(path.join(tmpdir(), "db-lock-"))), "app.sqlite3");
const held = (file: string) => (releases.push(lockDatabaseFile(file)), releases.at(-1)!);

/** A Node process running `script` (CommonJS, from the project's folder), once it has printed "ready". */
async function running(script: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()).includes("ready") && resolve());
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return child;
}

// A reader that keeps a read transaction open on `url` until it is stopped, as a backup or
// monitoring tool does while it copies or inspects the database.
const longRead = (url: string) =>
  `const db = new (require("better-sqlite3"))(${JSON.stringify(url)}, { readonly: true });
   db.exec("BEGIN"); db.prepare("SELECT COUNT(*) FROM sqlite_master").get();
   console.log("ready"); setInterval(() => {}, 60000);`;

const holdingTheLock = (file: string) =>
  `import("#db/process-lock.server.ts").then(({ lockDatabaseFile }) => {
     lockDatabaseFile(${JSON.stringify(file)}); console.log("ready"); setInterval(() => {}, 60000);
   });`;

describe("one server per SQLite file", () => {
  it("names the process holding the file in its lock, and lets the lock go once every taker has given it back", () => {
    const file = database();
    const [server, migration] = [held(file), held(file)];
    const other = new Database(`${file}.server-lock`, { timeout: 0 });
    expect(other.prepare("SELECT pid FROM server").pluck().all()).toEqual([process.pid]);

    migration();
    expect(() => other.exec("BEGIN IMMEDIATE")).toThrow("database is locked");
    server();
    expect(() => other.exec("BEGIN IMMEDIATE")).not.toThrow();
    other.close();
  });

  it("refuses while another Loadline process holds the file", async () => {
    const file = database();
    const holder = await running(holdingTheLock(file), { NODE_OPTIONS: "--import tsx" });

    expect(() => lockDatabaseFile(file)).toThrow(DatabaseInUse);
    expect(() => lockDatabaseFile(file)).toThrow(inUse(holder.pid!, file));
  }, 30 * SECOND);

  it("refuses `npm run support:create` while a server holds the file, in the same one sentence", async () => {
    const file = database();
    const holder = await running(holdingTheLock(file), { NODE_OPTIONS: "--import tsx" });
    const made = spawn("npx", ["tsx", "scripts/create-support-user.ts", "--email", "sam@loadline.example", "--name", "Sam"], { cwd: ROOT, env: { ...process.env, DATABASE_URL: `file:${file}` } });
    let stderr = "";
    made.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => made.once("exit", resolve));
    expect([code, stderr.trim()]).toEqual([1, inUse(holder.pid!, file)]);
  }, 30 * SECOND);

  it("lets the next server take the file once the process that held it has been killed", async () => {
    const file = database();
    const holder = await running(holdingTheLock(file), { NODE_OPTIONS: "--import tsx" });
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.once("exit", resolve));

    expect(() => held(file)).not.toThrow();
  }, 30 * SECOND);
});

describe("programs reading the database", () => {
  /** A copy of the migrated database, in WAL mode as the app leaves it (`wal` false: as before its first start). */
  const migratedDatabase = ({ wal }: { wal: boolean }) => {
    const file = database();
    copyFileSync(inject("templateDatabase"), file);
    if (wal) {
      const connection = new Database(file);
      connection.pragma("journal_mode = WAL");
      connection.close();
    }
    return file;
  };

  /** Starts the app on `file`, expects it up, then a second server on it to be refused with one clear line. */
  async function expectOneServerToStart(file: string): Promise<void> {
    const apps: AppProcess[] = [];
    try {
      apps.push(await startApp({ DATABASE_URL: `file:${file}` }));
      expect((await fetch(`${apps[0]!.url}/up`)).status).toBe(200);

      apps.push(await launchApp({ DATABASE_URL: `file:${file}` }));
      expect(await refusalOf(apps[1]!)).toEqual({ code: 1, messages: [inUse(apps[0]!.child.pid!, file)], stderr: "" });
    } finally {
      await Promise.all(apps.map(({ child }) => stopped(child)));
    }
  }

  it("do not keep the server from starting while one holds a long read transaction, as a backup tool does", async () => {
    const file = migratedDatabase({ wal: true });
    await running(longRead(file));

    await expectOneServerToStart(file);
  }, 120 * SECOND);

  it("do not keep it from starting while one reads with SQLite's dot-file locking", async () => {
    const file = migratedDatabase({ wal: false });
    // Dot-file locking (for network filesystems, where POSIX locks are unreliable) marks a read by
    // making the folder "<database>.lock" for as long as it lasts.
    await running(longRead(`file:${file}?vfs=unix-dotfile&mode=ro`), { SQLITE_USE_URI: "1" });

    await expectOneServerToStart(file);
  }, 120 * SECOND);

  it("do not keep it from starting when one has been given the pid of a server that was killed", async () => {
    const file = migratedDatabase({ wal: true });
    const reader = await running(longRead(file));
    // A pid file from a killed server, whose pid the system has since given to the reader.
    writeFileSync(`${file}.lock`, String(reader.pid));

    await expectOneServerToStart(file);
  }, 120 * SECOND);
});
