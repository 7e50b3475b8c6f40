import { Worker } from "node:worker_threads";
import { db, dbKind } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { DEFAULT_DATABASE_URL, sqliteFilePath } from "#db/sqlite-file.server.ts";

// Long reads (a year of loads added up for the dashboard) run beside the app instead of in it. On
// SQLite, better-sqlite3 runs a statement synchronously on the thread that asks, which is the app's
// only thread: every other request waits for it. Here such a SELECT goes to one worker thread with a
// read-only connection of its own to the same file (read-worker.mjs); the app's connection uses WAL,
// so that connection reads what was committed while the app's goes on writing. On PostgreSQL the
// database already does the work off the app's thread, so the statement simply goes through Prisma.
//
// Rows come back as objects, as `$queryRaw` gives them, except that integers are numbers (bigints
// only past 2^53) where `$queryRaw` gives bigints for some columns. The statement is not noted in
// table-versions (it is a read; whoever keeps what it found notes its tables, as kept-until-written
// does), and it reads only what has been committed: never a transaction's rows before they are.

/** How long the worker's connection waits for a write's lock (a checkpoint) before giving up, as the app's does. */
const BUSY_TIMEOUT_MS = 5_000;

type Waiting = { resolve: (rows: unknown[]) => void; reject: (error: Error) => void };
type Reader = { worker: Worker; file: string; waiting: Map<number, Waiting> };
type Answer = { id: number; rows?: unknown[]; error?: { message: string; code?: string } };

let reader: Reader | null = null;
let lastId = 0;

/** Rows of a read-only statement (a SELECT), worked out off the app's thread. */
export async function readOffThread<T = Record<string, unknown>>(sql: Prisma.Sql): Promise<T[]> {
  if (dbKind() === "postgresql") return db().$queryRaw<T[]>(sql);
  const file = sqliteFilePath(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
  // A database in memory belongs to the app's connection alone: no other connection can read it.
  if (file === ":memory:") return db().$queryRaw<T[]>(sql);
  const values = sql.values.map(bound);
  const { worker, waiting } = readerFor(file);
  const id = ++lastId;
  const rows = new Promise<unknown[]>((resolve, reject) => waiting.set(id, { resolve, reject }));
  // Held open while it has work, so a script awaiting its answer does not end before it comes.
  if (waiting.size === 1) worker.ref();
  worker.postMessage({ id, sql: sql.sql, values });
  return (await rows) as T[];
}

/** Stops the worker (at shutdown, with the database); the next read starts another. */
export async function closeReadWorker(): Promise<void> {
  const closing = reader;
  reader = null;
  await closing?.worker.terminate();
}

function readerFor(file: string): Reader {
  if (reader?.file === file) return reader;
  // Another database since (a test's own file): the old worker's connection is of no more use.
  if (reader) void reader.worker.terminate();
  const worker = new Worker(new URL("./read-worker.mjs", import.meta.url), { workerData: { file, busyTimeoutMs: BUSY_TIMEOUT_MS } });
  worker.unref();
  const started: Reader = { worker, file, waiting: new Map() };
  const settled = (id: number) => {
    const waiting = started.waiting.get(id);
    started.waiting.delete(id);
    if (started.waiting.size === 0) worker.unref();
    return waiting;
  };
  worker.on("message", ({ id, rows, error }: Answer) => {
    const waiting = settled(id);
    if (error) waiting?.reject(Object.assign(new Error(error.message), { code: error.code }));
    else waiting?.resolve(rows ?? []);
  });
  // A worker that dies fails what it was asked, and the next read starts a new one.
  const gone = (error: Error) => {
    if (reader === started) reader = null;
    for (const id of [...started.waiting.keys()]) settled(id)?.reject(error);
  };
  worker.on("error", gone);
  worker.on("exit", (code) => gone(new Error(`The read worker stopped (exit code ${code}) before answering`)));
  reader = started;
  return started;
}

/** A parameter as Prisma's SQLite adapter binds it: instants as integer milliseconds, booleans as 0 or 1. */
function bound(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "string" || value instanceof Uint8Array) return value;
  throw new TypeError(`A parameter of type ${typeof value} cannot be sent to the read worker`);
}
