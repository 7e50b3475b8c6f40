import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import { noteTransactionCommitted } from "#db/table-versions.server.ts";
import { noted, notingTransaction } from "#db/noting-adapter.server.ts";

// SQLite through better-sqlite3 is one connection shared by every request. Prisma's adapter runs
// BEGIN on that connection and only orders transactions among themselves, so a plain query made by
// another request while a transaction waits on anything (a geocode, a timer, the next await) would
// join it: its write vanishes if the transaction rolls back, and its reads see uncommitted rows.
// Here every statement passes one gate: outside a transaction a query waits until the open
// transaction has committed or rolled back, then runs on its own. Every statement is also noted in
// table-versions, which is how caches learn that what they hold has changed; a transaction's writes
// are noted again when it commits, since the read worker's own connection (read-worker.server.ts)
// reads beside this gate and sees them only then.

/** A first-come first-served lock; `run` holds it for one piece of work. */
export class Gate {
  #tail: Promise<void> = Promise.resolve();

  /** Waits for the gate and returns the function that opens it again. */
  acquire(): Promise<() => void> {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const turn = this.#tail.then(() => open);
    this.#tail = this.#tail.then(() => opened);
    return turn;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

// Writes are noted again once committed (only bumped: SQLite has no other processes to tell), for the
// one reader that does not pass this gate, the read worker.
function gatedTransaction(transaction: Transaction, release: () => void): Transaction {
  const noting = notingTransaction(transaction, noteTransactionCommitted);
  let released = false;
  const finish = async (end: () => Promise<void>) => {
    try {
      await end();
    } finally {
      if (!released) release();
      released = true;
    }
  };
  return Object.assign(Object.create(noting) as Transaction, {
    commit: () => finish(() => noting.commit()),
    rollback: () => finish(() => noting.rollback()),
  });
}

function gatedAdapter(adapter: SqlDriverAdapter, gate: Gate): SqlDriverAdapter {
  return Object.assign(Object.create(adapter) as SqlDriverAdapter, {
    queryRaw: (query: SqlQuery) => gate.run(() => noted(query.sql, () => adapter.queryRaw(query), noteTransactionCommitted)),
    executeRaw: (query: SqlQuery) => gate.run(() => noted(query.sql, () => adapter.executeRaw(query), noteTransactionCommitted)),
    executeScript: (script: string) => gate.run(() => noted(script, () => adapter.executeScript(script), noteTransactionCommitted)),
    async startTransaction(isolationLevel?: Parameters<SqlDriverAdapter["startTransaction"]>[0]) {
      const release = await gate.acquire();
      try {
        return gatedTransaction(await adapter.startTransaction(isolationLevel), release);
      } catch (error) {
        release();
        throw error;
      }
    },
  });
}

/** The factory's connections, with every statement through one gate per connection. */
export function serialized(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => gatedAdapter(await factory.connect(), new Gate()),
  };
}
