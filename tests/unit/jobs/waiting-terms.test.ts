import { describe, expect, it } from "vitest";
import { data, errors } from "../../support/job-form.ts";
import { jobFacts } from "#domain/jobs/form/facts.ts";
import { parseJobForm } from "#domain/jobs/form/parse.ts";
import { formInputOf, jobColumnsOf } from "#domain/jobs/form/stored.ts";

// The job's waiting terms, two optional rows of the field table: the free waiting time at a stop
// (whole minutes; none means the usual 120) and the waiting rate (pounds and pence an hour, kept in
// pence; none means the carrier gives its own). Extra charges price waiting time from them.
const form = {
  job_type: "single", reference: "Steel to Hull", load_type: "without_pallets", vehicle_types: ["flatbed"], loading_method: "top",
  pickups: [{ city: "Sheffield", country_code: "GB", window_date: "2031-03-03" }],
  deliveries: [{ city: "Hull", country_code: "GB", window_date: "2031-03-04" }],
};

const stored = (columns: ReturnType<typeof jobColumnsOf>) => ({ ...columns, locations: [] });
const factOf = (columns: ReturnType<typeof jobColumnsOf>, label: string) =>
  jobFacts(stored(columns), "schedule").find((fact) => fact.label === label)?.value;

describe("the waiting terms", () => {
  it.each([
    // posted free minutes, posted rate → columns, then the job page's facts, then the edit form's values
    { free: "90", rate: "45.00", columns: [90, 4_500], facts: ["1 hour 30 minutes", "£45.00 an hour"], back: ["90", "45.00"] },
    { free: "0", rate: "£60", columns: [0, 6_000], facts: ["0 minutes", "£60.00 an hour"], back: ["0", "60.00"] },
    { free: "1,440", rate: "1,000", columns: [1_440, 100_000], facts: ["24 hours", "£1,000.00 an hour"], back: ["1440", "1000.00"] },
    { free: "150", rate: "1.5", columns: [150, 150], facts: ["2 hours 30 minutes", "£1.50 an hour"], back: ["150", "1.50"] },
    { free: undefined, rate: undefined, columns: [null, null], facts: ["2 hours", "Not set: the carrier's own hourly rate"], back: [undefined, undefined] },
    { free: " ", rate: "", columns: [null, null], facts: ["2 hours", "Not set: the carrier's own hourly rate"], back: [undefined, undefined] },
  ])("free $free, rate $rate → $columns", ({ free, rate, columns, facts, back }) => {
    const saved = jobColumnsOf(data(parseJobForm({ ...form, free_waiting_minutes: free, waiting_rate: rate })));
    expect([saved.freeWaitingMinutes, saved.waitingRatePence]).toEqual(columns);
    expect([factOf(saved, "Free waiting time"), factOf(saved, "Waiting time rate")]).toEqual(facts);
    const input = formInputOf(stored(saved));
    expect([input.free_waiting_minutes, input.waiting_rate]).toEqual(back);
  });

  it.each([
    [{ free_waiting_minutes: "two hours" }, { free_waiting_minutes: "Enter the free waiting time in minutes, like 120" }],
    [{ free_waiting_minutes: "90.5" }, { free_waiting_minutes: "Enter the free waiting time in whole minutes" }],
    [{ free_waiting_minutes: "-1" }, { free_waiting_minutes: "The free waiting time cannot be negative" }],
    [{ free_waiting_minutes: "1441" }, { free_waiting_minutes: "The free waiting time can be at most 1,440 minutes (24 hours)" }],
    [{ waiting_rate: "forty" }, { waiting_rate: "Enter the waiting time rate in pounds and pence, like 45.00" }],
    [{ waiting_rate: "45.001" }, { waiting_rate: "Enter the waiting time rate in pounds and pence, like 45.00" }],
    [{ waiting_rate: "0.99" }, { waiting_rate: "The waiting time rate must be at least £1.00 an hour" }],
    [{ waiting_rate: "-45" }, { waiting_rate: "The waiting time rate must be at least £1.00 an hour" }],
    [{ waiting_rate: "1000.01" }, { waiting_rate: "The waiting time rate must be £1,000.00 an hour or less" }],
  ])("refuses %j, in a draft too", (posted, expected) => {
    expect(errors(parseJobForm({ ...form, ...posted }))).toEqual(expected);
    expect(errors(parseJobForm({ ...form, ...posted }, { mode: "draft" }))).toEqual(expected);
  });
});
