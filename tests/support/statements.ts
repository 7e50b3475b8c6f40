// What the app sends its database, on either engine: better-sqlite3 runs each statement (counted as
// it runs, since the app keeps prepared statements for reuse: src/db/prepared-adapter), pg sends each, and on SQLite the long reads go to the read worker (src/db/read-worker.server.ts),
// whose connection is on another thread: they are counted as they are posted to it. Statements are
// given back in one spelling — no schema name (SQLite's `main`, PostgreSQL's "public") and
// "double-quoted" names — so a test's pattern fits both. PostgreSQL's transaction control (BEGIN,
// COMMIT) is left out: SQLite's adapter does not run it as a statement either.
import Database from "better-sqlite3";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { vi } from "vitest";
import { dbKind } from "#db/client.server.ts";
import { preparedSqliteFilePath } from "#db/sqlite-file.server.ts";

const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK)\b/i;

export function normalised(sql: string): string {
  return sql.replace(/(`main`|"public")\./g, "").replace(/`/g, '"');
}

type Runs = Record<"run" | "get" | "all" | "iterate", (...args: unknown[]) => unknown>;

/** better-sqlite3's Statement prototype, where run/get/all/iterate live. */
function statementPrototype(): Runs {
  const probe = new Database(":memory:");
  try {
    return Object.getPrototypeOf(probe.prepare("SELECT 1")) as Runs;
  } finally {
    probe.close();
  }
}

export function spyOnStatements() {
  const prototype = statementPrototype();
  const runs = (["run", "get", "all", "iterate"] as const).map((method) => vi.spyOn(prototype, method));
  const sqlite = {
    mock: {
      // Each run with the statement it ran, in the order they ran.
      get calls(): [string][] {
        return runs
          .flatMap((spy) => spy.mock.contexts.map((statement, i) => [spy.mock.invocationCallOrder[i]!, (statement as { source: string }).source] as const))
          .sort(([a], [b]) => a - b)
          .map(([, sql]) => [sql]);
      },
    },
    mockClear: () => runs.forEach((spy) => spy.mockClear()),
    mockRestore: () => runs.forEach((spy) => spy.mockRestore()),
  };
  const postgres = vi.spyOn(pg.Client.prototype, "query");
  const offThread = vi.spyOn(Worker.prototype, "postMessage");
  return {
    clear(): void {
      sqlite.mockClear();
      postgres.mockClear();
      offThread.mockClear();
    },
    /** The statements sent since the spy began or was last cleared. */
    sent(): string[] {
      const viaPg = postgres.mock.calls.map(([query]) => (typeof query === "string" ? query : (query as { text: string }).text));
      const viaWorker = offThread.mock.calls.map(([message]) => (message as { sql?: unknown } | null)?.sql).filter((sql) => typeof sql === "string");
      return [...sqlite.mock.calls.map(([sql]) => String(sql)), ...viaPg.filter((sql) => !TRANSACTION_CONTROL.test(sql)), ...viaWorker].map(normalised);
    },
    restore(): void {
      sqlite.mockRestore();
      postgres.mockRestore();
      offThread.mockRestore();
    },
  };
}

/** A write on a connection of its own, which the app's statement tracking never sees. `?` marks parameters. */
export async function writeBehindTheAppsBack(sql: string, ...params: unknown[]): Promise<void> {
  if (dbKind() === "postgresql") {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      let n = 0;
      await client.query(sql.replace(/\?/g, () => `$${++n}`), params);
    } finally {
      await client.end();
    }
    return;
  }
  const connection = new Database(preparedSqliteFilePath(process.env.DATABASE_URL!));
  try {
    connection.prepare(sql).run(...params);
  } finally {
    connection.close();
  }
}
