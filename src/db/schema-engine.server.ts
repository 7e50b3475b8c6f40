import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { SchemaEngine, SchemaFilter } from "@prisma/schema-engine-wasm/schema_engine_bg";
import { SQLITE_TIMESTAMP_FORMAT, sqliteFilePath } from "#db/sqlite-file.server.ts";
import { databaseKind } from "#db/database-kind.ts";
import { Gate } from "#db/serialized-adapter.server.ts";

export type { SchemaEngine };
export type SchemaFile = { path: string; content: string };
export type SchemaEngineSession = { databaseUrl: string; schemaFiles: SchemaFile[] };

export const NO_SCHEMA_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };

// eslint-disable-next-line @typescript-eslint/consistent-type-imports -- the glue module is only loaded dynamically
type WasmGlue = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");
type PanicRegistry = { set_message(message: string): void };

declare global {
  var PRISMA_WASM_PANIC_REGISTRY: PanicRegistry | undefined;
}

// Kept on globalThis, not in module scope: test runners re-evaluate our modules per file while
// Node caches the glue module per process, and the glue must stay bound to one Wasm instance.
const WASM_KEY = Symbol.for("haulage.schemaEngineWasm");
const processGlobals = globalThis as typeof globalThis & { [WASM_KEY]?: Promise<WasmGlue> };

// One engine at a time per process: engines share one Wasm instance, and two working at once (a
// test run migrating its SQLite and PostgreSQL templates together) were seen to mix their databases.
const ENGINE_GATE_KEY = Symbol.for("haulage.schemaEngineGate");
const gateHolder = globalThis as typeof globalThis & { [ENGINE_GATE_KEY]?: Gate };

/** Runs `use` with a schema engine bound to the database (SQLite or PostgreSQL), then closes its connections. */
export function withSchemaEngine<T>(session: SchemaEngineSession, use: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  gateHolder[ENGINE_GATE_KEY] ??= new Gate();
  return gateHolder[ENGINE_GATE_KEY].run(() => runSchemaEngine(session, use));
}

async function runSchemaEngine<T>(session: SchemaEngineSession, use: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const glue = await loadSchemaEngineWasm();
  const connections: SqlDriverAdapter[] = [];
  const engineFactory = databaseKind(session.databaseUrl) === "postgresql" ? postgresFactory(session.databaseUrl, connections) : sqliteFactory(sqliteFilePath(session.databaseUrl), connections);
  const factory = bindMigrationAwareSqlAdapterFactory(engineFactory);
  let engine: SchemaEngine | undefined;
  try {
    const datamodels = session.schemaFiles.map((file): [string, string] => [file.path, file.content]);
    engine = await glue.SchemaEngine.new({ datamodels }, ignoreEngineLog, factory);
    return await use(engine);
  } finally {
    engine?.free();
    await Promise.all(connections.map((connection) => connection.dispose()));
  }
}

export function loadSchemaEngineWasm(): Promise<WasmGlue> {
  processGlobals[WASM_KEY] ??= instantiateWasm();
  return processGlobals[WASM_KEY];
}

async function instantiateWasm(): Promise<WasmGlue> {
  globalThis.PRISMA_WASM_PANIC_REGISTRY ??= { set_message: () => {} };
  const gluePath = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const glue: WasmGlue = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const bytes = await readFile(join(dirname(gluePath), "schema_engine_bg.wasm"));
  const imports = { "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports };
  const { instance } = await WebAssembly.instantiate(bytes, imports);
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue;
}

// Failures reach us as rejected promises with a message and a P-code; the log adds nothing.
function ignoreEngineLog(): void {}

function sqliteFactory(path: string, connections: SqlDriverAdapter[]): SqlMigrationAwareDriverAdapterFactory {
  const base = new PrismaBetterSqlite3({ url: path }, { timestampFormat: SQLITE_TIMESTAMP_FORMAT });
  const track = (connection: SqlDriverAdapter) => {
    connections.push(closeOnce(connection));
    return connection;
  };
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => track(withoutExclusiveLocking(await base.connect())),
    connectToShadowDb: async () => track(runParameterlessSqlAsScript(await base.connectToShadowDb())),
  };
}

// The engine keeps two migrators of one SQLite file apart by switching its connection to exclusive
// locking, which waits for every other connection to the file to close: a backup or monitoring tool
// merely reading it kept the server from starting. Migrators take the file's server lock instead
// (see applyMigrations), which only Loadline takes.
const EXCLUSIVE_LOCKING = /^\s*PRAGMA\s+main\.locking_mode\s*=\s*EXCLUSIVE\s*;?\s*$/i;

function withoutExclusiveLocking(connection: SqlDriverAdapter): SqlDriverAdapter {
  const executeRaw = connection.executeRaw.bind(connection);
  connection.executeRaw = async (query) => (EXCLUSIVE_LOCKING.test(query.sql) ? 0 : executeRaw(query));
  return connection;
}

// The engine reads PostgreSQL's catalogs, whose one-byte `"char"` columns (type 18) the pg adapter
// refuses as an unsupported type; pg already hands them over as strings, so they are reported as text.
const PG_CHAR = 18;
const PG_TEXT = 25;

class CatalogReadingPool extends pg.Pool {
  override query(...args: unknown[]): never {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (!(result instanceof Promise)) return result as never;
    return result.then((outcome: pg.QueryResult) => {
      for (const field of outcome.fields ?? []) if (field.dataTypeID === PG_CHAR) field.dataTypeID = PG_TEXT;
      return outcome;
    }) as never;
  }
}

/** A connection on its own pool; disposing it ends the pool (and runs `after`, e.g. to drop a database). */
async function pooledConnection(config: pg.PoolConfig, after: () => Promise<void> = async () => {}): Promise<SqlDriverAdapter> {
  const pool = new CatalogReadingPool({ ...config, max: 2 });
  // An idle connection the server ends (a restart, a test's server stopping) is simply let go;
  // errors of statements in flight reach the engine through their own promises.
  pool.on("error", () => {});
  const connection = await new PrismaPg(pool).connect();
  const dispose = connection.dispose.bind(connection);
  connection.dispose = async () => {
    await dispose();
    await pool.end();
    await after();
  };
  return connection;
}

// Diffs from migrations replay them into a shadow database, made here and dropped afterwards.
function postgresFactory(url: string, connections: SqlDriverAdapter[]): SqlMigrationAwareDriverAdapterFactory {
  const track = (connection: SqlDriverAdapter) => {
    connections.push(closeOnce(connection));
    return connection;
  };
  return {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    connect: async () => track(await pooledConnection({ connectionString: url })),
    connectToShadowDb: async () => {
      const database = `loadline_shadow_${randomUUID().replaceAll("-", "")}`;
      const admin = new pg.Client({ connectionString: url });
      admin.on("error", () => {});
      await admin.connect();
      await admin.query(`CREATE DATABASE "${database}"`);
      const dropShadow = async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${database}"`);
        await admin.end();
      };
      const shadowUrl = new URL(url);
      shadowUrl.pathname = `/${database}`;
      try {
        return track(await pooledConnection({ connectionString: shadowUrl.toString() }, dropShadow));
      } catch (error) {
        await dropShadow();
        throw error;
      }
    },
  };
}

// The engine replays each migration file into the shadow database with one executeRaw call;
// better-sqlite3 prepares a single statement only, while executeScript (exec) runs them all.
function runParameterlessSqlAsScript(connection: SqlDriverAdapter): SqlDriverAdapter {
  const executeRaw = connection.executeRaw.bind(connection);
  connection.executeRaw = async (query) => {
    if (query.args.length > 0) return executeRaw(query);
    await connection.executeScript(query.sql);
    return 0;
  };
  return connection;
}

function closeOnce(connection: SqlDriverAdapter): SqlDriverAdapter {
  const dispose = connection.dispose.bind(connection);
  let closed: Promise<void> | undefined;
  connection.dispose = () => (closed ??= dispose());
  return connection;
}
