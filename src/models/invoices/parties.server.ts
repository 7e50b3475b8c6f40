import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";

// Who an invoice is from and to, copied from each account's billing details at the moment of issue
// (the invoice keeps them as JSON): a later change of name, address or bank account never rewrites an
// issued invoice. An account that has saved no billing details yet appears under its account name.

export type InvoiceParty = {
  legalName: string;
  address: string;
  companyNumber: string | null;
  vatNumber: string | null;
  invoiceEmail: string | null;
  /** The supplier's only: where to pay, and when those details last changed (ISO instant). */
  sortCode?: string | null;
  accountNumber?: string | null;
  bankDetailsChangedAt?: string | null;
};

const partySelect = {
  name: true,
  billingDetails: {
    select: {
      legalName: true, registeredAddress: true, companyNumber: true, vatNumber: true, invoiceEmail: true,
      sortCode: true, accountNumber: true, bankDetailsChangedAt: true,
    },
  },
} as const;

/** The account as an invoice names it; `withBank` for the supplier, whose bank details the customer pays into. `client`: a transaction's, inside one. */
export async function partyOf(accountId: number, withBank: boolean, client: Prisma.TransactionClient = db()): Promise<InvoiceParty> {
  const account = await client.account.findUniqueOrThrow({ where: { id: accountId }, select: partySelect });
  const details = account.billingDetails;
  const party: InvoiceParty = {
    legalName: details?.legalName ?? account.name,
    address: details?.registeredAddress ?? "",
    companyNumber: details?.companyNumber ?? null,
    vatNumber: details?.vatNumber ?? null,
    invoiceEmail: details?.invoiceEmail ?? null,
  };
  if (!withBank) return party;
  const changedAt = details?.bankDetailsChangedAt?.toISOString() ?? null;
  return { ...party, sortCode: details?.sortCode ?? null, accountNumber: details?.accountNumber ?? null, bankDetailsChangedAt: changedAt };
}

/** A stored snapshot read back; a damaged one reads as an empty party rather than failing the page. */
export function readParty(json: string): InvoiceParty {
  try {
    return JSON.parse(json) as InvoiceParty;
  } catch {
    return { legalName: "", address: "", companyNumber: null, vatNumber: null, invoiceEmail: null };
  }
}
