import { describe, expect, it } from "vitest";
import { MY_QUOTES_SORTS, QUOTE_STATES, isLiveQuote, parseMyQuotesSort, quoteState, quoteStateLabel, quoteStateRank, quotedText } from "#domain/bidding/quote-state.ts";
import { JOB_STATUSES } from "#domain/jobs/status.ts";

// Where a carrier's quote stands: its stored status, read against its job's status and the loads the
// job's allocation rules would give it now.
describe("quoteState", () => {
  it.each([
    // An active quote while the job is on the board: winning at least one load, or outbid.
    { status: "active", jobStatus: "open", wouldWinLoads: 1, state: "active" },
    { status: "active", jobStatus: "open", wouldWinLoads: 3, state: "active" },
    { status: "active", jobStatus: "open", wouldWinLoads: 0, state: "outbid" },
    { status: "active", jobStatus: "live", wouldWinLoads: 2, state: "active" },
    { status: "active", jobStatus: "live", wouldWinLoads: 0, state: "outbid" },
    { status: "active", jobStatus: "scheduled", wouldWinLoads: 1, state: "active" },
    { status: "active", jobStatus: "scheduled", wouldWinLoads: 0, state: "outbid" },
    // An active quote on a job that left the board without accepting it has lost, whatever the rules say.
    { status: "active", jobStatus: "closed", wouldWinLoads: 0, state: "lost" },
    { status: "active", jobStatus: "closed", wouldWinLoads: 1, state: "lost" },
    { status: "active", jobStatus: "awarded", wouldWinLoads: 1, state: "lost" },
    { status: "active", jobStatus: "in_progress", wouldWinLoads: 0, state: "lost" },
    { status: "active", jobStatus: "completed", wouldWinLoads: 0, state: "lost" },
    { status: "active", jobStatus: "cancelled", wouldWinLoads: 1, state: "lost" },
    { status: "active", jobStatus: "draft", wouldWinLoads: 1, state: "lost" },
    // The stored outcome decides, whatever the job and the rules.
    { status: "accepted", jobStatus: "awarded", wouldWinLoads: 0, state: "won" },
    { status: "accepted", jobStatus: "completed", wouldWinLoads: 0, state: "won" },
    { status: "accepted", jobStatus: "open", wouldWinLoads: 0, state: "won" },
    { status: "declined", jobStatus: "awarded", wouldWinLoads: 0, state: "lost" },
    { status: "declined", jobStatus: "open", wouldWinLoads: 2, state: "lost" },
    { status: "withdrawn", jobStatus: "open", wouldWinLoads: 1, state: "withdrawn" },
    { status: "withdrawn", jobStatus: "awarded", wouldWinLoads: 0, state: "withdrawn" },
    { status: "withdrawn", jobStatus: "cancelled", wouldWinLoads: 0, state: "withdrawn" },
    // A status the rule does not know is neither live nor won.
    { status: "pending", jobStatus: "open", wouldWinLoads: 1, state: "lost" },
  ])("$status on a $jobStatus job winning $wouldWinLoads → $state", ({ status, jobStatus, wouldWinLoads, state }) => {
    expect(quoteState({ status, jobStatus, wouldWinLoads })).toBe(state);
  });

  it("gives every job status an answer for an active quote", () => {
    for (const { value } of JOB_STATUSES) {
      expect(QUOTE_STATES.map((s) => s.value)).toContain(quoteState({ status: "active", jobStatus: value, wouldWinLoads: 1 }));
    }
  });
});

describe("ordering and labels", () => {
  it("sorts outbid first, then winning, won, lost and withdrawn", () => {
    const states = ["withdrawn", "won", "active", "lost", "outbid"] as const;
    expect([...states].sort((a, b) => quoteStateRank(a) - quoteStateRank(b))).toEqual(["outbid", "active", "won", "lost", "withdrawn"]);
  });

  it.each([
    ["active", "Winning"],
    ["outbid", "Outbid"],
    ["won", "Won"],
    ["lost", "Lost"],
    ["withdrawn", "Withdrawn"],
  ] as const)("labels %s as %s", (state, label) => {
    expect(quoteStateLabel(state)).toBe(label);
  });
});

describe("parseMyQuotesSort", () => {
  it.each([
    ["newest", "newest"],
    ["collection", "collection"],
    ["price", "price"],
    ["state", "state"],
    ["", "newest"],
    ["State", "newest"],
    ["soonest", "newest"],
    [undefined, "newest"],
    [["price"], "newest"],
  ] as const)("reads %j as %s", (value, sort) => {
    expect(parseMyQuotesSort(value)).toBe(sort);
  });

  it("offers newest first as the default", () => {
    expect(MY_QUOTES_SORTS[0].value).toBe("newest");
  });
});

describe("quotedText", () => {
  it.each([
    [{ valueCents: 42_000, numberOfLoads: 2 }, "You quoted £420 · 2 loads"],
    [{ valueCents: 120_000, numberOfLoads: 1 }, "You quoted £1,200 · 1 load"],
  ])("%j reads %s", (quote, text) => {
    expect(quotedText(quote)).toBe(text);
  });
});

describe("isLiveQuote", () => {
  it.each([
    { status: "active", jobStatus: "open", live: true },
    { status: "active", jobStatus: "scheduled", live: true },
    { status: "active", jobStatus: "live", live: true },
    { status: "active", jobStatus: "closed", live: false },
    { status: "active", jobStatus: "awarded", live: false },
    { status: "withdrawn", jobStatus: "open", live: false },
    { status: "accepted", jobStatus: "live", live: false },
  ])("$status on a $jobStatus job: $live", ({ status, jobStatus, live }) => {
    expect(isLiveQuote({ status, jobStatus })).toBe(live);
  });
});
