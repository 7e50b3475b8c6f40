import { describe, expect, it } from "vitest";
import { type DigestJob, digestLetter } from "#domain/jobs/digest-letter.ts";

// The hourly e-mail of new jobs: saved searches' matches and planned journeys' finds in one letter,
// each job once with what it matched, worded for what the letter holds.

const job = (id: number, searches: string[], journeys: string[]): DigestJob =>
  ({ id, reference: `JOB-${id}`, route: "Leeds → Glasgow", when: "Collect 3 Mar 2031", searches, journeys });

describe("digestLetter", () => {
  it.each([
    ["one search match", [job(1, ["S"], [])], "1 new job matches your saved searches", "1 new job on Loadline matches your saved searches:"],
    ["two search matches", [job(1, ["S"], []), job(2, ["S"], [])], "2 new jobs match your saved searches", "2 new jobs on Loadline match your saved searches:"],
    ["one journey find", [job(1, [], ["Bristol → Leeds"])], "1 new job along your planned journeys", "1 new job on Loadline collects along your planned empty journeys:"],
    ["two journey finds", [job(1, [], ["B → L"]), job(2, [], ["B → L"])], "2 new jobs along your planned journeys", "2 new jobs on Loadline collect along your planned empty journeys:"],
    ["one of each", [job(1, ["S"], []), job(2, [], ["B → L"])], "2 new jobs for your saved searches and planned journeys", "2 new jobs on Loadline match your saved searches or planned empty journeys:"],
  ])("%s: subject and opening", (_case, jobs, subject, opening) => {
    const letter = digestLetter({ name: "Callum", origin: "https://loadline.example/", jobs });
    expect(letter.subject).toBe(subject);
    expect(letter.text).toContain(`Hello Callum,\n\n${opening}\n\n`);
  });

  it("lists each job once with its route, date, the searches it matched, the journeys it fits and its link", () => {
    const letter = digestLetter({
      name: "Callum",
      origin: "https://loadline.example/",
      jobs: [job(7, ["Scotland runs", "Curtain-siders"], ["Bristol → Leeds"]), job(9, ["Scotland runs"], [])],
    });
    expect(letter.text).toContain("JOB-7\nLeeds → Glasgow · Collect 3 Mar 2031\nMatches “Scotland runs”, “Curtain-siders”\nAlong Bristol → Leeds\nhttps://loadline.example/jobs/7\n");
    expect(letter.text).toContain("JOB-9\nLeeds → Glasgow · Collect 3 Mar 2031\nMatches “Scotland runs”\nhttps://loadline.example/jobs/9\n");
  });

  it.each([
    ["searches only", [job(1, ["S"], [])], ["https://x.example/saved_searches"], ["https://x.example/availability"]],
    ["journeys only", [job(1, [], ["B → L"])], ["https://x.example/availability"], ["https://x.example/saved_searches"]],
    ["both", [job(1, ["S"], ["B → L"])], ["https://x.example/saved_searches", "https://x.example/availability"], []],
  ])("%s: links to the pages that change what is sent", (_case, jobs, present, absent) => {
    const letter = digestLetter({ name: "Cara", origin: "https://x.example", jobs });
    expect(letter.text).toContain("We send at most one of these e-mails an hour.");
    for (const link of present) expect(letter.text).toContain(link);
    for (const link of absent) expect(letter.text).not.toContain(link);
  });
});
