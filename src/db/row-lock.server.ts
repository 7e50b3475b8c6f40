import { Prisma } from "#generated/prisma/client.ts";
import { dbKind } from "#db/client.server.ts";

// A decision that reads and then writes (award the job on the quotes it has, send the notice it has
// not sent yet, save a search while the user keeps fewer than 20) must not overlap with another
// one about the same thing. On PostgreSQL transactions run side by side (READ COMMITTED, a pool per
// process, several processes), so each such transaction first locks the one row that stands for the
// decision: a second one waits at that lock until the first has committed, then reads what it wrote.
// NO KEY UPDATE, so rows that merely refer to the locked one (a message about the job) are not held up.
// SQLite runs one transaction at a time already (serialized-adapter.server.ts): nothing to do there.

/** The tables whose rows stand for a decision: a job (its bidding and award), a user (their own lists), an account (its team). */
export type LockedTable = "Job" | "User" | "Account";

/** Inside a transaction: holds the row until the transaction ends. */
export async function lockRow(tx: Prisma.TransactionClient, table: LockedTable, id: number): Promise<void> {
  if (dbKind() !== "postgresql") return;
  await tx.$queryRaw`SELECT 1 FROM ${Prisma.raw(`"${table}"`)} WHERE "id" = ${id} FOR NO KEY UPDATE`;
}
