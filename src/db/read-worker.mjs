// The other side of read-worker.server.ts: a read-only connection of its own to the app's SQLite
// file, on which each message's SELECT runs while the app's thread goes on with other requests.
// Every message is { id, sql, values } and gets one answer: { id, rows } or { id, error }.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

const { file, busyTimeoutMs } = workerData;
const PREPARED_KEPT = 100;
let connection = null;
const prepared = new Map();

// Opened on the first message rather than at start, and again after a failure: the file may not
// exist yet when the worker starts, and the app's connection (which makes it) opens lazily too.
function open() {
  if (connection) return connection;
  const opened = new Database(file, { readonly: true, fileMustExist: true });
  opened.pragma(`busy_timeout = ${Number(busyTimeoutMs)}`);
  // Integers exactly as stored; they are made numbers below when a number holds them.
  opened.defaultSafeIntegers(true);
  connection = opened;
  return connection;
}

function statementFor(sql) {
  let statement = prepared.get(sql);
  if (!statement) {
    statement = open().prepare(sql);
    if (!statement.reader) throw new Error("Only statements that return rows (SELECT) are run off the app's thread");
    if (prepared.size >= PREPARED_KEPT) prepared.clear();
    prepared.set(sql, statement);
  }
  return statement;
}

// As Prisma's adapter reads them (src/db/sqlite-file.server.ts: DateTime is integer milliseconds):
// DateTime columns become Dates, Boolean columns booleans, and integers numbers while they fit.
function reader(type) {
  switch (type?.toUpperCase()) {
    case "DATETIME":
    case "TIMESTAMP":
      return (value) => (value === null ? null : new Date(Number(value)));
    case "BOOLEAN":
      return (value) => (value === null ? null : Boolean(Number(value)));
    default:
      return (value) => (typeof value === "bigint" && Number.isSafeInteger(Number(value)) ? Number(value) : value);
  }
}

function run(sql, values) {
  const statement = statementFor(sql);
  const columns = statement.columns().map((column) => ({ name: column.name, read: reader(column.type) }));
  return statement
    .raw(true)
    .all(values)
    .map((row) => {
      const object = {};
      columns.forEach((column, i) => (object[column.name] = column.read(row[i])));
      return object;
    });
}

parentPort.on("message", ({ id, sql, values }) => {
  try {
    parentPort.postMessage({ id, rows: run(sql, values) });
  } catch (error) {
    if (!connection?.open) {
      connection = null;
      prepared.clear();
    }
    parentPort.postMessage({ id, error: { message: error instanceof Error ? error.message : String(error), code: error?.code } });
  }
});
