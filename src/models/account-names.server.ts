import { db } from "#db/client.server.ts";
import { keptUntilWritten } from "#db/kept-until-written.server.ts";

// A company's name heads every conversation and changes seldom: it is kept until an account is
// written here or, through Redis, in another process, so a page naming the other side asks no statement.

export type NamedAccount = Readonly<{ id: number; name: string }>;

const keptNames = keptUntilWritten<NamedAccount | null>(["Account"], { slowMs: Infinity });

/** The account's id and name; null when there is no such account. */
export function namedAccount(id: number): Promise<NamedAccount | null> {
  return keptNames(String(id), async () => {
    const account = await db().account.findUnique({ where: { id }, select: { id: true, name: true } });
    return account && Object.freeze(account);
  });
}
