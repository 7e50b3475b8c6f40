import type { Prisma } from "#generated/prisma/client.ts";
import { BEFORE_AWARD_STATUSES, BOARD_STATUSES, OUT_FOR_QUOTES_STATUSES, TAKING_QUOTES_STATUSES } from "#domain/jobs/status.ts";

// Named `where` fragments for the job status rules, like Rails scopes: spread one into a query
// (`where: { id, ...jobScopes.beforeAward }`) instead of spelling the statuses again.
export const jobScopes = {
  beforeAward: { status: { in: [...BEFORE_AWARD_STATUSES] } },
  outForQuotes: { status: { in: [...OUT_FOR_QUOTES_STATUSES] } },
  onBoard: { status: { in: [...BOARD_STATUSES] } },
  takingQuotes: { status: { in: [...TAKING_QUOTES_STATUSES] } },
  auctionRunningOrDue: { status: { in: ["scheduled", "live"] } },
  published: { status: { not: "draft" } },
} as const satisfies Record<string, Prisma.JobWhereInput>;
