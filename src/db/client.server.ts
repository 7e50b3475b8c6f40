import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient } from "#generated/prisma/client.ts";
import { serialized } from "#db/serialized-adapter.server.ts";
import { learnCascades } from "#db/table-versions.server.ts";
import { DEFAULT_DATABASE_URL, SQLITE_TIMESTAMP_FORMAT, preparedSqliteFilePath } from "#db/sqlite-file.server.ts";

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

/** A Prisma client on a SQLite `file:` URL; the folder is created and each connection tuned. */
export function createPrisma(databaseUrl: string): PrismaClient {
  const sqlite = new PrismaBetterSqlite3({ url: preparedSqliteFilePath(databaseUrl) }, { timestampFormat: SQLITE_TIMESTAMP_FORMAT });
  const adapter: SqlDriverAdapterFactory = {
    provider: sqlite.provider,
    adapterName: sqlite.adapterName,
    connect: async () => {
      const connection = await sqlite.connect();
      await connection.executeScript(CONNECTION_PRAGMAS);
      const cascades = await connection.queryRaw({ sql: CASCADES, args: [], argTypes: [] });
      learnCascades(cascades.rows.map(([child, parent]) => [String(child), String(parent)] as const));
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

export async function disconnectDb(): Promise<void> {
  const client = shared;
  shared = undefined;
  await client?.$disconnect();
}
