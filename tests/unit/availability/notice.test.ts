import { describe, expect, it } from "vitest";
import { journeyMatchNotice } from "#domain/availability/notice.ts";

describe("journeyMatchNotice", () => {
  it.each([
    [0, "0 miles"],
    [1, "1 mile"],
    [12, "12 miles"],
  ])("a detour of %i reads %s", (detourMiles, text) => {
    const notice = journeyMatchNotice({ jobId: 7, reference: "JOB-7", route: "Bath → York", when: "Collect 7 Jun 2027", journey: "Bristol → Leeds", detourMiles });
    expect(notice).toEqual({
      kind: "journey_match",
      title: "Job along your journey Bristol → Leeds: JOB-7",
      body: `Bath → York · Collect 7 Jun 2027 · ${text} out of your way`,
      path: "/jobs/7",
    });
  });
});
