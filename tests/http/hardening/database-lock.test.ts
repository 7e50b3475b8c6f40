import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseInUse, lockDatabaseFile } from "#db/process-lock.server.ts";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const database = () => path.join((dir = mkdtempSync(path.join(tmpdir(), "db-lock-"))), "app.sqlite3");

describe("one server per SQLite file", () => {
  it("writes this process's pid into the lock, and removes it when released", () => {
    const file = database();
    const release = lockDatabaseFile(file);
    expect(readFileSync(`${file}.lock`, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("refuses while another running process holds the file", () => {
    const file = database();
    writeFileSync(`${file}.lock`, String(process.ppid));
    expect(() => lockDatabaseFile(file)).toThrow(DatabaseInUse);
    expect(() => lockDatabaseFile(file)).toThrow(`Another Loadline process (pid ${process.ppid}) is using ${file}; SQLite serves one process`);
  });

  it("takes over a lock left by a process that is no longer running", () => {
    const file = database();
    writeFileSync(`${file}.lock`, "2147483646");
    lockDatabaseFile(file)();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("makes a second server exit with one clear line", () => {
    const file = database();
    writeFileSync(`${file}.lock`, String(process.ppid));
    const started = spawnSync("npx", ["tsx", "src/main.ts"], {
      env: { ...process.env, NODE_ENV: "development", LOG_LEVEL: "info", DATABASE_URL: `file:${file}`, PORT: "0", HOST: "127.0.0.1", SEED_DEMO_DATA: "false" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    const lines = started.stdout.trim().split("\n").filter((line) => line.startsWith("{"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).msg).toBe(`Another Loadline process (pid ${process.ppid}) is using ${file}; SQLite serves one process — use PostgreSQL (DATABASE_URL=postgres://…) to run several.`);
  });
});
