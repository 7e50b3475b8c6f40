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
export const createCarrier = (options = {}) => createUser("carrier", options);
export const createSupport = (options = {}) => createUser("platform", { role: "support", ...options });
