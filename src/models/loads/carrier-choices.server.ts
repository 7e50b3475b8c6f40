import { db } from "#db/client.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { type CarrierSelectorRequest, isSamePlace } from "#domain/loads/carrier-selector.ts";
import { found } from "#lib/errors.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

export type CarrierChoice = {
  id: number; name: string; priceCents: number; loadsThatDay: number; collectsNearby: boolean;
};

/**
 * The carriers a shipper may hand a load of this job to (those whose quote was accepted), with how
 * busy each already is for this shipper on the chosen day and whether they collect in that place.
 * Only the job's shipper may ask; anyone else gets 404.
 */
export async function carrierChoices(user: CurrentUser, request: CarrierSelectorRequest) {
  found(isOfficeOf("shipper", user));
  const ownJob = { id: request.job_id, shipperAccountId: user.accountId };
  const job = found(await db().job.findFirst({ where: ownJob, select: { id: true } }));
  const quotes = await db().quote.findMany({
    where: { jobId: job.id, status: "accepted" },
    select: { carrierAccountId: true, valueCents: true, carrierAccount: { select: { name: true } } },
    orderBy: { valueCents: "asc" },
  });
  const sameDay = await sameDayLoads(user, quotes.map((q) => q.carrierAccountId), request.date);
  const choices: CarrierChoice[] = quotes.map((q) => {
    const theirs = sameDay.filter((l) => l.carrierAccountId === q.carrierAccountId);
    const collectsHere = (s: (typeof theirs)[number]["stops"][number]) =>
      isSamePlace({ city: s.jobLocation.city, country: s.jobLocation.countryCode }, request.address);
    return {
      id: q.carrierAccountId,
      name: q.carrierAccount.name,
      priceCents: q.valueCents,
      loadsThatDay: theirs.length,
      collectsNearby: theirs.some((l) => l.stops.some(collectsHere)),
    };
  });
  return { choices, selectedId: request.carrier_account_id ?? null, date: request.date, address: request.address };
}

/** The loads these carriers already collect for this shipper on the day (none without a day), with their pickups. */
async function sameDayLoads(user: CurrentUser, carrierAccountIds: number[], date: CarrierSelectorRequest["date"]) {
  if (!date) return [];
  return db().load.findMany({
    where: {
      job: { shipperAccountId: user.accountId },
      carrierAccountId: { in: carrierAccountIds },
      pickupDate: new Date(`${date}T00:00:00Z`),
      status: { not: "cancelled" },
    },
    select: {
      carrierAccountId: true,
      stops: {
        where: { jobLocation: { kind: "pickup" } },
        select: { jobLocation: { select: { city: true, countryCode: true } } },
      },
    },
  });
}
