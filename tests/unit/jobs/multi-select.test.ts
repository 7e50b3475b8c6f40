import { describe, expect, it } from "vitest";
import { MULTI_SELECT_MESSAGES, MULTI_SELECT_SUMMARY_AFTER, multiSelectSummary } from "#domain/jobs/multi-select.ts";

describe("multiSelectSummary (SPEC §9)", () => {
  it.each([[0, null], [1, null], [50, null], [51, "51 selected"], [120, "120 selected"]])("%i chosen → %s", (count, summary) => {
    expect(multiSelectSummary(count)).toBe(summary);
  });

  it("uses the SPEC's limit and messages", () => {
    expect(MULTI_SELECT_SUMMARY_AFTER).toBe(50);
    expect(MULTI_SELECT_MESSAGES).toEqual({
      noResults: "No Results", searching: "Searching...", noSelect: "Could not find select element", notSelect: "Element isnt of type select",
    });
  });
});
