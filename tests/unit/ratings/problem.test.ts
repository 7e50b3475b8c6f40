import { describe, expect, it } from "vitest";
import { PROBLEM_MESSAGES as M, problemMessage, problemSchema } from "#domain/ratings/problem.ts";

// "Report a problem": a description and, optionally, some of the load's files as evidence.

const read = (posted: Record<string, unknown>) => {
  const parsed = problemSchema([7, 9]).safeParse(posted);
  if (parsed.success) return parsed.data;
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("reading a report", () => {
  it.each([
    { posted: { description: " Pallet crushed " }, expected: { description: "Pallet crushed", evidenceIds: [] } },
    { posted: { description: "Crushed", evidence: "7" }, expected: { description: "Crushed", evidenceIds: [7] } },
    { posted: { description: "Crushed", evidence: ["7", "9", "7", ""] }, expected: { description: "Crushed", evidenceIds: [7, 9] } },
    { posted: { description: "Crushed", evidence: ["8"] }, expected: { evidence: M.evidence } },
    { posted: { description: "Crushed", evidence: "abc" }, expected: { evidence: M.evidence } },
    { posted: { description: "Crushed", evidence: { id: "7" } }, expected: { evidence: M.evidence } },
    { posted: { description: ["a"] }, expected: { description: "Describe the problem" } },
    { posted: {}, expected: { description: "Describe the problem" } },
    { posted: { description: "  " }, expected: { description: "Describe the problem" } },
    { posted: { description: "x".repeat(2_001) }, expected: { description: "Keep the description to 2,000 characters" } },
    { posted: { description: "x".repeat(2_000) }, expected: { description: "x".repeat(2_000), evidenceIds: [] } },
  ])("$posted → $expected", ({ posted, expected }) => {
    expect(read(posted)).toEqual(expected);
  });
});

describe("the message to support", () => {
  it.each([
    {
      facts: { loadName: "load 1 of Crisps to Bristol", loadPath: "/loads/12", description: "Two pallets crushed", evidence: [] },
      expected: "Problem reported on load 1 of Crisps to Bristol (/loads/12):\n\nTwo pallets crushed",
    },
    {
      facts: { loadName: "load 2 of Steel", loadPath: "/loads/3", description: "Late", evidence: [{ label: "Photo: gate.jpg", path: "/attachments/5" }] },
      expected: "Problem reported on load 2 of Steel (/loads/3):\n\nLate\n\nEvidence:\n- Photo: gate.jpg: /attachments/5",
    },
  ])("$expected", ({ facts, expected }) => {
    expect(problemMessage(facts)).toBe(expected);
  });
});
