import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { loadScope } from "#models/loads/access.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The API's loads, a page at a time by id (newest first), by the load pages' own rule of who sees
// which (loadScope: the shipper's jobs, the carrier's loads, a driver's own).

export const apiLoadSelect = {
  id: true, jobId: true, sequence: true, status: true, carrierAccountId: true, driverId: true, vehicleId: true, priceCents: true,
  pickupDate: true, deliveryDate: true, collectedAt: true, deliveredAt: true, proofStatus: true, updatedAt: true,
} as const satisfies Prisma.LoadSelect;

export type LoadFilter = { status?: string | undefined; jobId?: number | undefined; updatedSince?: Date | undefined; cursor?: number | undefined; limit: number };

export function loadPage(user: CurrentUser, filter: LoadFilter) {
  const where: Prisma.LoadWhereInput = {
    AND: [
      loadScope(user),
      filter.status ? { status: filter.status } : {},
      filter.jobId ? { jobId: filter.jobId } : {},
      filter.updatedSince ? { updatedAt: { gte: filter.updatedSince } } : {},
      filter.cursor ? { id: { lt: filter.cursor } } : {},
    ],
  };
  return db().load.findMany({ where, select: apiLoadSelect, orderBy: { id: "desc" }, take: filter.limit + 1 });
}

/** The load as the API shows it, once access has been checked (requireLoadFor). */
export const apiLoad = (id: number) => db().load.findUniqueOrThrow({ where: { id }, select: apiLoadSelect });
