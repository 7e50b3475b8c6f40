import { describe, expect, it } from "vitest";
import { pointerToOtherTab } from "#domain/loads/empty-list.ts";

const none = { toRun: 0, delivered: 0, cancelled: 0 };

describe("pointerToOtherTab: where the loads are when the tab shown is empty", () => {
  it.each([
    ["current", { ...none, delivered: 1 }, "1 delivered load is under"],
    ["current", { ...none, delivered: 2 }, "2 delivered loads are under"],
    ["current", { ...none, cancelled: 1 }, "1 cancelled load is under"],
    ["current", { ...none, delivered: 1, cancelled: 1 }, "1 delivered load and 1 cancelled load are under"],
    ["current", { ...none, toRun: 4 }, null],
    ["finished", { ...none, toRun: 1 }, "1 load to run is under"],
    ["finished", { ...none, toRun: 3, delivered: 2 }, "3 loads to run are under"],
    ["finished", { ...none, delivered: 2 }, null],
  ] as const)("shown %s, other %j → %j", (shown, other, lead) => {
    const label = shown === "current" ? "Delivered and cancelled" : "To run";
    expect(pointerToOtherTab(shown, other)).toEqual(lead === null ? null : { lead, view: shown === "current" ? "finished" : "current", label });
  });
});
