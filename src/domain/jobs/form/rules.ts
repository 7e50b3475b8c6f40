// Checks that span several fields of the job form. Each runs unless a field it reads has already
// failed on its own, so one submit shows every problem it can without contradicting itself.
// `publishOnly` rules ask for what is missing; a draft skips them but keeps every consistency check.

import { parseIsoDate } from "#domain/format/date-input.ts";
import { contractMonths } from "../contract-months.ts";
import { MAX_LOADS_PER_JOB, MAX_LOCATIONS_PER_SIDE } from "../limits.ts";
import { OWN_DRIVER_NOT_AUCTIONED } from "../own-fleet.ts";
import { QUANTITY_FIELDS } from "../pallet-limits.ts";
import { MAX_OCCURRENCES, expectedQuantity, occurrences } from "../schedule.ts";
import { AUDIENCE_MESSAGES, deadlineAfterCollection } from "./audience-fields.ts";
import { jobFieldList } from "./fields.ts";
import type { JobFields } from "./parse.ts";
import { isBlank, type InputKind } from "./rows.ts";

export type Report = (path: readonly (string | number)[], message: string) => void;
export type Rule = {
  reads: readonly (keyof JobFields)[] | "anything";
  publishOnly?: true;
  check: (job: JobFields, report: Report, failed: (field: string) => boolean) => void };

const QUANTITIES = Object.values(QUANTITY_FIELDS);
const ESTIMATES = ["additional_data", "load_estimates"] as const;

// The field table's required rows, blank text first, then lists, then the monthly breakdown: the
// order the form's summary lists their messages in. The breakdown's message goes beside its rows.
const REQUIRED = (["text", "list", "estimates"] satisfies InputKind[]).flatMap((kind) =>
  jobFieldList().flatMap(([name, { input, group, required }]) =>
    (required && input === kind ? [{ name, input, group, required }] : [])),
);

const requiredWhenShown: Rule = {
  reads: "anything",
  publishOnly: true,
  check(job, report, failed) {
    for (const { name, input, group, required } of REQUIRED) {
      if ((group && !job.visible[group]) || !isBlank(input, job[name]) || failed(name)) continue;
      report(input === "estimates" ? ESTIMATES : [name], typeof required === "string" ? required : required(job));
    }
    if (job.job_type !== "single") return;
    job.pickups.forEach((location, index) => {
      if (!location._destroy && location.window_date === undefined && !failed(`pickups.${index}.window_date`)) {
        report(["pickups", index, "window_date"], "Enter the collection date");
      }
    });
  },
};

const withinLocationLimits: Rule = {
  reads: "anything",
  check(job, report) {
    for (const [side, noun] of [["pickups", "pickup"], ["deliveries", "delivery"]] as const) {
      const kept = job[side].filter((location) => !location._destroy).length;
      if (kept > MAX_LOCATIONS_PER_SIDE) report([side], `A job can have at most ${MAX_LOCATIONS_PER_SIDE} ${noun} locations; remove ${kept - MAX_LOCATIONS_PER_SIDE}`);
    }
  },
};

const atLeastOneLocation: Rule = {
  reads: "anything",
  publishOnly: true,
  check(job, report) {
    if (!job.pickups.some((location) => !location._destroy)) report(["pickups"], "Add at least one pickup location");
    if (!job.deliveries.some((location) => !location._destroy)) report(["deliveries"], "Add at least one delivery location");
  },
};

const schedule: Rule = {
  reads: ["start_date", "end_date", "frequency"],
  check(job, report) {
    if (job.job_type !== "multi" || !job.start_date || !job.end_date || !job.frequency) return;
    if (job.end_date < job.start_date) return report(["end_date"], "The end date must be on or after the start date");
    const days = occurrences(job.start_date, job.end_date, job.frequency, MAX_OCCURRENCES + 1).length;
    if (days === 0) report(["end_date"], "There are no collection days between these dates");
    if (days > MAX_OCCURRENCES) {
      report(["end_date"], `This schedule has more than ${MAX_OCCURRENCES} collection days: choose an earlier end date or a less frequent schedule`);
    }
  },
};

/** A contract's monthly breakdown, if there is one to judge; null otherwise. */
function contractBreakdown(job: JobFields): { matches: boolean } | null {
  const estimates = job.additional_data.load_estimates;
  if (job.job_type !== "contract" || !job.start_date || !job.contract_duration || estimates.length === 0) return null;
  const expected = contractMonths(job.start_date, job.contract_duration).map((row) => row.month);
  const posted = estimates.map((estimate) => estimate.month);
  return { matches: posted.length === expected.length && posted.every((month, index) => month === expected[index]) };
}

const ESTIMATE_READS = ["start_date", "contract_duration", "additional_data"] as const;

const contractEstimates: Rule = {
  reads: ESTIMATE_READS,
  check(job, report) {
    if (contractBreakdown(job)?.matches === false) {
      report(ESTIMATES, "The months no longer match the start date and duration: break the loads down per month again");
    }
  },
};

const someEstimatedLoads: Rule = {
  reads: ESTIMATE_READS,
  publishOnly: true,
  check(job, report) {
    if (!contractBreakdown(job)?.matches) return;
    if (job.additional_data.load_estimates.every((estimate) => estimate.number_of_loads === 0)) report(ESTIMATES, "Estimate at least one load");
  },
};

const loadsPerJob: Rule = {
  reads: ["start_date", "end_date", "frequency", "number_of_loads", "additional_data"],
  check(job, report) {
    const total = expectedQuantity({
      jobType: job.job_type,
      numberOfLoads: job.number_of_loads,
      startDate: job.start_date,
      endDate: job.end_date,
      frequency: job.frequency,
      loadEstimates: job.additional_data.load_estimates.map((estimate) => ({ numberOfLoads: estimate.number_of_loads })),
    });
    if (total <= MAX_LOADS_PER_JOB) return;
    const message = `This job would have ${total.toLocaleString("en-GB")} loads; a job can have at most ${MAX_LOADS_PER_JOB.toLocaleString("en-GB")}`;
    report(job.job_type === "contract" ? ESTIMATES : ["number_of_loads"], message);
  },
};

const somePallets: Rule = {
  reads: ["pallet_type", ...QUANTITIES],
  publishOnly: true,
  check(job, report) {
    if (!job.visible.pallet_quantities || !job.pallet_type) return;
    const total = QUANTITIES.reduce((sum, field) => sum + (job[field] ?? 0), 0);
    if (total === 0) report([QUANTITY_FIELDS[job.pallet_type]], "Enter how many pallets");
  },
};

const auctionOrder: Rule = {
  reads: ["auction_opens_at", "auction_closes_at"],
  check(job, report) {
    if (job.auction_opens_at && job.auction_closes_at && job.auction_closes_at <= job.auction_opens_at) {
      report(["auction_closes_at"], "The auction must close after it opens");
    }
  },
};

// No carrier prices a job for the shipper's own driver (see own-fleet.ts), so it cannot be an auction too.
const ownDriverNotAuctioned: Rule = {
  reads: ["assigned_driver_id", "is_auction"],
  check(job, report) {
    if (job.visible.assigned_driver && job.assigned_driver_id !== undefined && job.is_auction) report(["assigned_driver_id"], OWN_DRIVER_NOT_AUCTIONED);
  },
};

// A window date that failed on its own is not a date at all (zod leaves a marker object, not
// text), so only real ISO dates are compared.
const windowDay = (location: { _destroy: boolean; window_date?: unknown }) =>
  !location._destroy && typeof location.window_date === "string" ? parseIsoDate(location.window_date) : null;

const singleLoadDates: Rule = {
  reads: "anything",
  check(job, report) {
    if (job.job_type !== "single") return;
    const firstCollection = job.pickups.flatMap((location) => windowDay(location) ?? []).sort()[0];
    if (!firstCollection) return;
    job.deliveries.forEach((location, index) => {
      const day = windowDay(location);
      if (day && day < firstCollection) report(["deliveries", index, "window_date"], "The delivery date cannot be before the collection date");
    });
  },
};

// An invited tender's deadline is a decision date: the carriers must know before the goods go.
const deadlineBeforeCollection: Rule = {
  reads: ["quote_deadline", "start_date", "pickups"],
  check(job, report) {
    if (deadlineAfterCollection(job.quote_deadline, job)) report(["quote_deadline"], AUDIENCE_MESSAGES.deadlineBeforeCollection);
  },
};

export const JOB_FORM_RULES: readonly Rule[] = [
  requiredWhenShown,
  withinLocationLimits,
  atLeastOneLocation,
  schedule,
  contractEstimates,
  someEstimatedLoads,
  loadsPerJob,
  somePallets,
  auctionOrder,
  ownDriverNotAuctioned,
  singleLoadDates,
  deadlineBeforeCollection,
];
