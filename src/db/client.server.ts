import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient } from "#generated/prisma/client.ts";
import { PrismaClient as PostgresClient } from "#generated/prisma-pg/client.ts";
import { serialized } from "#db/serialized-adapter.server.ts";
import { noting } from "#db/noting-adapter.server.ts";
import { keepPreparedStatements } from "#db/prepared-adapter.server.ts";
import { databaseKind, type DatabaseKind } from "#db/database-kind.ts";
import { learnCascades } from "#db/table-versions.server.ts";
import { DEFAULT_DATABASE_URL, SQLITE_TIMESTAMP_FORMAT, preparedSqliteFilePath } from "#db/sqlite-file.server.ts";
import { closeReadWorker } from "#db/read-worker.server.ts";

export { PrismaClient };

// WAL lets page reads run while a write commits; NORMAL is durable enough under WAL.
const CONNECTION_PRAGMAS = `
  PRAGMA journal_mode = WAL;
  PRAGMA foreign_keys = ON;
  PRAGMA busy_timeout = 5000;
  PRAGMA synchronous = NORMAL;
`;

// Foreign keys by which a delete in one table reaches rows of another (see table-versions).
const CASCADES = `
  SELECT m.name AS child, f."table" AS parent
  FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
  WHERE m.type = 'table' AND f.on_delete IN ('CASCADE', 'SET NULL', 'SET DEFAULT')`;

// The same foreign keys as PostgreSQL's catalog lists them (table names are `name`s, which read as text).
const POSTGRES_CASCADES = `
  SELECT child.relname AS child, parent.relname AS parent
  FROM pg_constraint f
  JOIN pg_class child ON child.oid = f.conrelid
  JOIN pg_class parent ON parent.oid = f.confrelid
  WHERE f.contype = 'f' AND f.confdeltype::text IN ('c', 'n', 'd')`;

// Connections each PostgreSQL-backed process keeps open (DATABASE_POOL_SIZE); PostgreSQL's own
// max_connections must cover every process's pool.
const DEFAULT_POOL_SIZE = 10;

async function learnCascadesFrom(connection: SqlDriverAdapter, sql: string): Promise<void> {
  const cascades = await connection.queryRaw({ sql, args: [], argTypes: [] });
  learnCascades(cascades.rows.map(([child, parent]) => [String(child), String(parent)] as const));
}

/** A Prisma client on DATABASE_URL: a SQLite file (created, each connection tuned) or a PostgreSQL server. */
export function createPrisma(databaseUrl: string): PrismaClient {
  return databaseKind(databaseUrl) === "postgresql" ? createPostgresPrisma(databaseUrl) : createSqlitePrisma(databaseUrl);
}

function createPostgresPrisma(databaseUrl: string): PrismaClient {
  const max = Number(process.env.DATABASE_POOL_SIZE) || DEFAULT_POOL_SIZE;
  const adapter = noting(new PrismaPg({ connectionString: databaseUrl, max }), (connection) => learnCascadesFrom(connection, POSTGRES_CASCADES));
  // Both clients are generated from one schema (prisma/postgresql/schema.prisma is derived from
  // prisma/schema.prisma), so their model APIs are the same and the rest of the app uses one type.
  return new PostgresClient({ adapter }) as unknown as PrismaClient;
}

function createSqlitePrisma(databaseUrl: string): PrismaClient {
  const sqlite = new PrismaBetterSqlite3({ url: preparedSqliteFilePath(databaseUrl) }, { timestampFormat: SQLITE_TIMESTAMP_FORMAT });
  const adapter: SqlDriverAdapterFactory = {
    provider: sqlite.provider,
    adapterName: sqlite.adapterName,
    connect: async () => {
      const connection = keepPreparedStatements(await sqlite.connect());
      await connection.executeScript(CONNECTION_PRAGMAS);
      await learnCascadesFrom(connection, CASCADES);
      return connection;
    },
  };
  return new PrismaClient({ adapter: serialized(adapter) });
}

let shared: PrismaClient | undefined;

/** The process-wide client for DATABASE_URL (default data/development.sqlite3), made on first use. */
export function db(): PrismaClient {
  shared ??= createPrisma(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
  return shared;
}

/** Which engine the process's database is: the little raw SQL we write differs between them. */
export function dbKind(): DatabaseKind {
  return databaseKind(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
}

/** Closes the process's client and the read worker's connection (see read-worker.server.ts). */
export async function disconnectDb(): Promise<void> {
  const client = shared;
  shared = undefined;
  await Promise.all([client?.$disconnect(), closeReadWorker()]);
}
