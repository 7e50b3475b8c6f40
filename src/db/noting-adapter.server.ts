import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import { noteCommitted, noteStatement, type Change } from "#db/table-versions.server.ts";

// PostgreSQL runs statements side by side on a pool, so a write is noted twice in table-versions:
// before it runs (as on SQLite) and again once it has committed — straight after the statement, or
// for a transaction when it commits. Only the committed note is told to other processes. SQLite's gate
// (serialized-adapter) uses the same two wrappers, noting the commit in this process only.

/** What is told of writes once they have committed: noteCommitted here; SQLite bumps its versions only. */
export type CommittedNote = (changes: Change[]) => void;

/** The transaction with each statement noted before it runs, and its writes again once committed. */
export function notingTransaction(transaction: Transaction, committed: CommittedNote = noteCommitted): Transaction {
  const changes: Change[] = [];
  const note = (sql: string) => {
    const change = noteStatement(sql);
    if (change !== undefined) changes.push(change);
  };
  return Object.assign(Object.create(transaction) as Transaction, {
    queryRaw: (query: SqlQuery) => (note(query.sql), transaction.queryRaw(query)),
    executeRaw: (query: SqlQuery) => (note(query.sql), transaction.executeRaw(query)),
    commit: async () => {
      await transaction.commit();
      committed(changes.splice(0));
    },
    rollback: async () => {
      changes.length = 0;
      await transaction.rollback();
    },
  });
}

/** A statement on its own (it commits as it ends): noted before it runs and again once it has. */
export async function noted<T>(sql: string, run: () => Promise<T>, committed: CommittedNote = noteCommitted): Promise<T> {
  const change = noteStatement(sql);
  try {
    return await run();
  } finally {
    // Even a failed statement may have changed something before failing (a multi-statement script).
    if (change !== undefined) committed([change]);
  }
}

function notingAdapter(adapter: SqlDriverAdapter): SqlDriverAdapter {
  return Object.assign(Object.create(adapter) as SqlDriverAdapter, {
    queryRaw: (query: SqlQuery) => noted(query.sql, () => adapter.queryRaw(query)),
    executeRaw: (query: SqlQuery) => noted(query.sql, () => adapter.executeRaw(query)),
    executeScript: (script: string) => noted(script, () => adapter.executeScript(script)),
    startTransaction: async (isolationLevel?: Parameters<SqlDriverAdapter["startTransaction"]>[0]) =>
      notingTransaction(await adapter.startTransaction(isolationLevel)),
  });
}

/** The factory's connections, with every statement noted in table-versions. */
export function noting(factory: SqlDriverAdapterFactory, onConnect: (adapter: SqlDriverAdapter) => Promise<void> = async () => {}): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      await onConnect(adapter);
      return notingAdapter(adapter);
    },
  };
}
