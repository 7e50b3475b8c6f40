import type { Prisma } from "#generated/prisma/client.ts";

/** The columns a one-line job summary needs (route, schedule, load): for the shipper's lists and the job board. */
export const jobSummarySelect = {
  id: true,
  reference: true,
  status: true,
  jobType: true,
  loadType: true,
  startDate: true,
  endDate: true,
  frequency: true,
  contractDuration: true,
  expectedQuantity: true,
  isAuction: true,
  quantityEu: true,
  quantityStandard: true,
  quantityEuDouble: true,
  quantityStandardDouble: true,
  quantityOther: true,
  containerSize: true,
  loadQuantity: true,
  totalWeightKg: true,
  locations: {
    select: {
      kind: true, position: true, city: true, fullAddress: true, region: true, countryCode: true, windowDate: true,
    },
    orderBy: { position: "asc" },
  },
} as const satisfies Prisma.JobSelect;

/** The columns a saved search's match line needs (what, when, from where to where): its notice and its digest. */
export const matchedJobSelect = {
  id: true,
  reference: true,
  jobType: true,
  startDate: true,
  endDate: true,
  frequency: true,
  contractDuration: true,
  locations: { select: { kind: true, position: true, city: true, fullAddress: true, countryCode: true, windowDate: true } },
} as const satisfies Prisma.JobSelect;
