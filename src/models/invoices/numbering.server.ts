import type { Prisma } from "#generated/prisma/client.ts";

// The next number in an issuer's series, taken inside the transaction that issues the invoice. One
// statement both creates the series' counter (at 1) and moves an existing one on, answering the
// number it now holds. On PostgreSQL the counter's row stays locked until the transaction ends, so a
// second issuer of the same series waits and then reads the first one's number + 1; on SQLite
// transactions already run one at a time (src/db/serialized-adapter.server.ts). A transaction that
// rolls back gives its number back, so numbers are never skipped and never taken twice.

export async function takeNextSequence(tx: Prisma.TransactionClient, issuerAccountId: number, series: string): Promise<number> {
  const rows = await tx.$queryRaw<{ last: number | bigint }[]>`
    INSERT INTO "InvoiceSequence" ("issuerAccountId", "series", "last") VALUES (${issuerAccountId}, ${series}, 1)
    ON CONFLICT ("issuerAccountId", "series") DO UPDATE SET "last" = "InvoiceSequence"."last" + 1
    RETURNING "last"`;
  const last = rows[0]?.last;
  if (last === undefined) throw new Error(`no number was taken in ${series} for account ${issuerAccountId}`);
  return Number(last);
}
