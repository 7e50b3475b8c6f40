import type Database from "better-sqlite3";
import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";

// Prisma's better-sqlite3 adapter prepares every statement afresh (`client.prepare(sql).bind(args)`),
// and SQLite compiles each one again: on a rendered page that was about 7% of the CPU. The same SQL
// comes back again and again (Prisma writes one text per query shape, values are parameters), so
// here each connection keeps its prepared statements by SQL and hands the adapter a light stand-in
// for each use: `bind` keeps the values for this use only (a real bind would fix them for good),
// and `all`/`run`/`get` pass them on. SQLite re-prepares a kept statement by itself if the schema
// changes under it (a migration), so a kept statement is never stale.
//
// The adapter's own conversions and error mapping are untouched; only where the statement comes from
// changes. The stand-in offers what the adapter uses of a statement (reader, columns, raw, bind,
// run, all, get); `keepPreparedStatements` refuses a connection that does not look as expected, so
// an upgrade that changes the adapter's insides fails at start, loudly, never quietly slower.

/** Statements kept per connection, least recently used dropped first: Prisma's shapes plus IN lists of varied lengths. */
export const KEPT_STATEMENTS = 1_000;

type Values = unknown[];

/** What the adapter does with a statement, for one use, with that use's own values. */
function forOneUse(statement: Database.Statement): Database.Statement {
  let values: Values = [];
  const use = {
    get reader() {
      return statement.reader;
    },
    bind(...given: Values) {
      values = given.length === 1 && Array.isArray(given[0]) ? (given[0] as Values) : given;
      return use;
    },
    columns: () => statement.columns(),
    raw(toggle?: boolean) {
      statement.raw(toggle ?? true);
      return use;
    },
    run: (...given: Values) => statement.run(...(given.length ? given : [values])),
    all: (...given: Values) => statement.all(...(given.length ? given : [values])),
    get: (...given: Values) => statement.get(...(given.length ? given : [values])),
  };
  return use as unknown as Database.Statement;
}

/** The better-sqlite3 connection inside Prisma's adapter (its `client`), or an error if it has none. */
function sqliteClient(adapter: SqlDriverAdapter): Database.Database {
  const client = (adapter as unknown as { client?: Database.Database }).client;
  if (typeof client?.prepare !== "function" || typeof client.exec !== "function") {
    throw new Error("@prisma/adapter-better-sqlite3 no longer keeps its connection as `client`: update src/db/prepared-adapter.server.ts");
  }
  return client;
}

/** Makes the adapter's connection keep its prepared statements by SQL (at most `limit`), for reuse. */
export function keepPreparedStatements(adapter: SqlDriverAdapter, limit = KEPT_STATEMENTS): SqlDriverAdapter {
  const client = sqliteClient(adapter);
  const prepare = client.prepare.bind(client);
  const kept = new Map<string, Database.Statement>();
  client.prepare = ((sql: string) => {
    let statement = kept.get(sql);
    if (statement) {
      // Most recently used last, so the first key is the one to drop.
      kept.delete(sql);
    } else {
      statement = prepare(sql);
      if (kept.size >= limit) kept.delete(kept.keys().next().value!);
    }
    kept.set(sql, statement);
    // A statement's raw mode outlives a use: each use starts with rows as objects, as a new one would.
    if (statement.reader) statement.raw(false);
    return forOneUse(statement);
  }) as typeof client.prepare;
  return adapter;
}
