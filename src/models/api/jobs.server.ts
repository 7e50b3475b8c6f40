import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { HttpError } from "#lib/errors.server.ts";
import { visibleToCarrierWhere } from "#models/jobs/sight.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The API's list of jobs, a page at a time by id (newest first): the shipper office's own jobs, or
// the jobs a carrier's people may read by the job page's own rule (visibleToCarrierWhere: its
// blocks and its pools).

export const NO_JOBS_FOR_DRIVERS = "A shipper's driver sees only the loads they drive: use /loads";

export type JobFilter = { status?: string | undefined; updatedSince?: Date | undefined; cursor?: number | undefined; limit: number };

/** Who may read which jobs; a shipper's driver none (as on the pages: 403). */
export async function jobsVisibleTo(user: CurrentUser): Promise<Prisma.JobWhereInput> {
  if (isOfficeOf("shipper", user)) return { shipperAccountId: user.accountId };
  if (user.account.kind === "carrier") return visibleToCarrierWhere(user);
  throw new HttpError(403, user.account.kind === "shipper" ? NO_JOBS_FOR_DRIVERS : "Jobs are not available for your account");
}

export const apiJobInclude = { locations: { orderBy: [{ position: "asc" }, { id: "asc" }] } } as const satisfies Prisma.JobInclude;

/** One page (and one row more, which only says a next page exists). */
export async function jobPage(user: CurrentUser, filter: JobFilter) {
  const where: Prisma.JobWhereInput = {
    AND: [
      await jobsVisibleTo(user),
      filter.status ? { status: filter.status } : {},
      filter.updatedSince ? { updatedAt: { gte: filter.updatedSince } } : {},
      filter.cursor ? { id: { lt: filter.cursor } } : {},
    ],
  };
  return db().job.findMany({ where, include: apiJobInclude, orderBy: { id: "desc" }, take: filter.limit + 1 });
}
