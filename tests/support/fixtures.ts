import { db } from "#db/client.server.ts";
import { hashPassword } from "#models/users.server.ts";

let passwordHash: Promise<string> | undefined;
let sequence = 0;

type Kind = "shipper" | "carrier" | "platform";
type Role = "admin" | "member" | "driver" | "support";

/** A new account with one user (password "password123"); names are unique per call. */
export async function createUser(kind: Kind, options: { role?: Role; accountId?: number; name?: string; email?: string; company?: string } = {}) {
  passwordHash ??= hashPassword("password123");
  const n = ++sequence;
  const accountId = options.accountId ?? (await db().account.create({ data: { kind, name: options.company ?? `${kind} company ${n}` } })).id;
  return db().user.create({
    data: {
      accountId,
      email: options.email ?? `${kind}${n}-${Date.now()}@test.example`,
      name: options.name ?? `${kind} user ${n}`,
      role: options.role ?? (kind === "platform" ? "support" : "admin"),
      passwordHash: await passwordHash,
    },
    include: { account: true },
  });
}

export const createShipper = (options = {}) => createUser("shipper", options);
type UserOptions = NonNullable<Parameters<typeof createUser>[1]>;

/**
 * A carrier account and its first user. Its operator licence and goods-in-transit insurance (£100,000)
 * are in date for a year, so it may quote and accept awards (documents that count); `documents: false`
 * makes one with neither. A user added to an existing account (`accountId`) adds no documents.
 */
export async function createCarrier(options: UserOptions & { documents?: boolean } = {}) {
  const { documents = true, ...rest } = options;
  const user = await createUser("carrier", rest);
  if (documents && rest.accountId === undefined) await giveDocuments(user);
  return user;
}

/** In-date documents for the carrier (expiring in a year unless told), with this goods-in-transit cover. */
export async function giveDocuments(carrier: { id: number; accountId: number }, { coverPence = 10_000_000, expiresOn = new Date(Date.now() + 365 * 86_400_000) } = {}) {
  const common = { accountId: carrier.accountId, updatedById: carrier.id, expiresOn };
  await db().complianceDocument.createMany({
    data: [
      { ...common, kind: "operator_licence", reference: "OB1234567", licenceType: "standard_national" },
      { ...common, kind: "goods_in_transit", reference: "Haulier Mutual", coverPence },
    ],
  });
}
export const createSupport = (options = {}) => createUser("platform", { role: "support", ...options });
