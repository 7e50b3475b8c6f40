import { db } from "#db/client.server.ts";
import { invoiceScope } from "#models/invoices.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

/** The invoice for this load, when this person's office issued or received it (drivers see none). */
export async function invoiceOfLoad(user: CurrentUser, loadId: number): Promise<{ id: number; number: string | null } | null> {
  const scope = invoiceScope(user);
  if (!scope) return null;
  return db().invoice.findFirst({ where: { ...scope, lines: { some: { loadId } } }, select: { id: true, number: true } });
}
