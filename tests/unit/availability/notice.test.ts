import { describe, expect, it } from "vitest";
import { journeyDigestLetter } from "#domain/availability/digest.ts";
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

describe("journeyDigestLetter", () => {
  it.each([
    [1, "1 new job along your planned journeys", "collects"],
    [2, "2 new jobs along your planned journeys", "collect"],
  ])("%i job(s)", (n, subject, verb) => {
    const jobs = Array.from({ length: n }, (_, i) => ({ id: i + 1, reference: `JOB-${i + 1}`, route: "Bath → York", when: "Collect 7 Jun 2027", journeys: ["Bristol → Leeds"] }));
    const letter = journeyDigestLetter({ name: "Cara", origin: "https://x.example/", jobs });
    expect(letter.subject).toBe(subject);
    expect(letter.text).toContain(`on Loadline ${verb} along your planned empty journeys`);
    expect(letter.text).toContain("JOB-1\nBath → York · Collect 7 Jun 2027\nAlong Bristol → Leeds\nhttps://x.example/jobs/1\n");
    expect(letter.text).toContain("https://x.example/availability\n");
  });
});
