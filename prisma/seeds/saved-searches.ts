import type { PrismaClient } from "#generated/prisma/client.ts";
import { matchesSearch, savedFilters } from "#domain/jobs/saved-search.ts";
import { BOARD_STATUSES } from "#domain/jobs/status.ts";
import { storedList } from "#domain/jobs/stored-values.ts";

// One saved search for each demo carrier office user, each matching some of the demo jobs. The jobs
// it matches on the board are recorded as its matches, already e-mailed, so the saved searches page
// shows counts from the start and the first start sends no digest for jobs that were already there.
// Idempotent: a user who already has the search (by name) is left alone.

export const DEMO_SAVED_SEARCHES = [
  { email: "carrier@example.com", name: "Loads into Scotland", query: { delivery_region: "GB:Scotland" } },
  { email: "carrier2@example.com", name: "Curtain-siders out of England", query: { pickup_region: "GB:England", vehicle_type: "curtain_side" } },
] as const;

const SAVED_DAYS_AGO = 7;

export async function seedSavedSearches(db: PrismaClient): Promise<void> {
  const now = new Date();
  const jobs = await db.job.findMany({
    where: { status: { in: [...BOARD_STATUSES] } },
    select: { id: true, startDate: true, endDate: true, vehicleTypes: true, loadType: true, locations: { select: { kind: true, countryCode: true, region: true } } },
  });
  for (const demo of DEMO_SAVED_SEARCHES) {
    const user = await db.user.findUnique({ where: { email: demo.email }, select: { id: true } });
    if (!user || (await db.savedSearch.findFirst({ where: { userId: user.id, name: demo.name }, select: { id: true } }))) continue;
    const filters = savedFilters.fromQuery(demo.query);
    const search = await db.savedSearch.create({
      data: { userId: user.id, name: demo.name, filters: savedFilters.serialise(filters), createdAt: new Date(now.getTime() - SAVED_DAYS_AGO * 86_400_000) },
      select: { id: true },
    });
    const matching = jobs.filter((job) => matchesSearch(filters, { ...job, vehicleTypes: storedList(job.vehicleTypes) }));
    await db.savedSearchMatch.createMany({ data: matching.map((job) => ({ savedSearchId: search.id, jobId: job.id, emailedAt: now })) });
  }
}
