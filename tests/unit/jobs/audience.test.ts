import { describe, expect, it } from "vitest";
import { audienceTimeline, deadlineLine, marketStepLine, type AudienceJob } from "#domain/jobs/audience-timeline.ts";
import { AUDIENCE_FIELDS, audienceColumns, deadlineAfterCollection, firstCollectionText, marketStepAt } from "#domain/jobs/form/audience-fields.ts";
import { visibleGroups } from "#domain/jobs/form/visibility.ts";

// Who sees a job: the form's groups, the columns a save writes, the deadline's place before the
// first collection, and the shipper's dated lines.

const at = (iso: string) => new Date(iso);
const job = (overrides: Partial<AudienceJob> = {}): AudienceJob => ({
  audience: "pools_then_market", timezone: "Europe/London", publishedAt: at("2031-01-30T08:00:00Z"), marketAt: at("2031-02-01T09:30:00Z"),
  marketReachedAt: null, marketSkippedAt: null, quoteDeadline: null, closeAtDeadline: false, ...overrides,
});

describe("the audience's groups of the form", () => {
  it.each([
    [undefined, false, false],
    ["market", false, false],
    ["pools", true, false],
    ["pools_then_market", true, true],
  ])("audience %s: pools shown %s, market step shown %s", (audience, pools, step) => {
    const shown = visibleGroups({ audience });
    expect([shown.audience_pools, shown.audience_market_step]).toEqual([pools, step]);
  });
});

describe("the columns a save writes", () => {
  const from = at("2031-01-30T08:00:00Z");
  it.each([
    ["the open market, published", { audience: "market", marketAfterHours: null }, "open", null, { audience: "market", onMarket: true, marketAt: null }],
    ["nothing said (the API, old callers)", {}, "open", null, { audience: "market", onMarket: true, marketAt: null }],
    ["pools only", { audience: "pools" }, "open", null, { audience: "pools", onMarket: false, marketAt: null }],
    ["pools then market, 24 hours", { audience: "pools_then_market", marketAfterHours: 24 }, "open", null, { audience: "pools_then_market", onMarket: false, marketAt: at("2031-01-31T08:00:00Z") }],
    ["pools then market, step already made", { audience: "pools_then_market", marketAfterHours: 24 }, "open", at("2031-01-31T08:00:01Z"), { audience: "pools_then_market", onMarket: true, marketAt: at("2031-01-31T08:00:00Z") }],
    ["a draft to pools (kept out of the sweep)", { audience: "pools", marketAfterHours: null }, "draft", null, { audience: "pools", onMarket: true, marketAt: null }],
  ])("%s", (_what, data, status, marketReachedAt, expected) => {
    expect(audienceColumns(data, { status, from, marketReachedAt })).toEqual(expected);
  });

  it("counts the hours from publishing, and reads them back from the stored time", () => {
    const stored = marketStepAt(from, 168)!;
    expect(stored).toEqual(at("2031-02-06T08:00:00Z"));
    const load = AUDIENCE_FIELDS.market_after_hours.load as unknown as (stored: Date | null, context: { timezone: string; since: Date }) => unknown;
    expect(load(stored, { timezone: "Europe/London", since: from })).toBe("168");
    expect(load(null, { timezone: "Europe/London", since: from })).toBeUndefined();
  });
});

describe("the deadline for quotes and the first collection", () => {
  const single = (pickups: { window_date?: string; window_from?: string; _destroy?: boolean }[]) => ({ job_type: "single", pickups });
  it.each([
    ["a single load: its earliest pickup's window start", single([{ window_date: "2031-03-04", window_from: "08:00" }, { window_date: "2031-03-03", window_from: "10:00" }]), "2031-03-03T10:00"],
    ["a pickup without a window: the day's start", single([{ window_date: "2031-03-03" }]), "2031-03-03T00:00"],
    ["a removed pickup does not count", single([{ window_date: "2031-03-01", _destroy: true }, { window_date: "2031-03-03" }]), "2031-03-03T00:00"],
    ["no pickup dated yet", single([{}]), null],
    ["a run: its start date", { job_type: "multi", start_date: "2031-04-01", pickups: [] }, "2031-04-01T00:00"],
  ])("%s", (_what, form, expected) => {
    expect(firstCollectionText(form)).toBe(expected);
  });

  it.each([
    ["2031-03-03T09:59", false],
    ["2031-03-03T10:00", true],
    ["2031-03-04T08:00", true],
    [undefined, false],
  ])("a deadline of %s falls on or after a collection at 10:00: %s", (deadline, late) => {
    expect(deadlineAfterCollection(deadline, single([{ window_date: "2031-03-03", window_from: "10:00" }]))).toBe(late);
  });
});

describe("the shipper's dated lines", () => {
  it.each([
    ["due", job(), "Goes to the open market on 1 Feb 2031, 09:30 unless every load is allocated"],
    ["reached", job({ marketReachedAt: at("2031-02-01T09:30:04Z") }), "Reached the open market on 1 Feb 2031, 09:30"],
    ["skipped", job({ marketSkippedAt: at("2031-02-01T09:30:02Z") }), "Did not go to the open market: every load was allocated by 1 Feb 2031, 09:30"],
    ["pools only", job({ audience: "pools", marketAt: null }), "Offered to your pools only: it does not go to the open market"],
    ["the open market", job({ audience: "market", marketAt: null }), null],
    ["summer time in the job's zone", job({ marketAt: at("2031-07-01T09:30:00Z") }), "Goes to the open market on 1 Jul 2031, 10:30 unless every load is allocated"],
  ])("the market step %s", (_what, shown, line) => {
    expect(marketStepLine(shown)).toBe(line);
  });

  const now = at("2031-01-31T12:00:00Z");
  it.each([
    ["none", job(), null],
    ["to come, closing", job({ quoteDeadline: at("2031-01-31T17:00:00Z"), closeAtDeadline: true }), "Quotes close at the deadline, 31 Jan 2031, 17:00"],
    ["to come, staying open", job({ quoteDeadline: at("2031-01-31T17:00:00Z") }), "Deadline for quotes 31 Jan 2031, 17:00; quotes stay open after it"],
    ["passed, closed", job({ quoteDeadline: at("2031-01-31T11:00:00Z"), closeAtDeadline: true }), "Quotes closed at the deadline, 31 Jan 2031, 11:00"],
    ["passed, open", job({ quoteDeadline: at("2031-01-31T11:00:00Z") }), "The deadline for quotes passed on 31 Jan 2031, 11:00; quotes stay open"],
  ])("the deadline: %s", (_what, shown, line) => {
    expect(deadlineLine(shown, now)).toBe(line);
  });

  it("reads offered, then the step, then the deadline", () => {
    expect(audienceTimeline(job({ quoteDeadline: at("2031-01-31T17:00:00Z") }), now)).toEqual([
      "Offered to your pools on 30 Jan 2031, 08:00",
      "Goes to the open market on 1 Feb 2031, 09:30 unless every load is allocated",
      "Deadline for quotes 31 Jan 2031, 17:00; quotes stay open after it",
    ]);
  });
});
