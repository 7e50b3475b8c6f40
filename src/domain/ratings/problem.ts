// "Report a problem" on a load: a complaint goes to Loadline support, not into a rating. The
// person describes it (up to 2,000 characters) and may point at the load's documents and photos as
// evidence; support reads it in their inbox as a message in that person's support chat.

import { z } from "zod";

export const MAX_PROBLEM_LENGTH = 2_000;

export const PROBLEM_MESSAGES = {
  descriptionMissing: "Describe the problem",
  descriptionTooLong: "Keep the description to 2,000 characters",
  evidence: "Choose documents or photos of this load, or none",
} as const;
const M = PROBLEM_MESSAGES;

export type ProblemInput = { description: string; evidenceIds: number[] };

const ids = z.union([z.string(), z.array(z.string())], { error: M.evidence }).optional().transform((value) => (value === undefined ? [] : [value].flat()));

/** The report form, its evidence among the load's own files (`evidenceIds`). */
export function problemSchema(evidenceIds: readonly number[]) {
  return z.object({
    description: z.string({ error: M.descriptionMissing }).trim().min(1, M.descriptionMissing).max(MAX_PROBLEM_LENGTH, M.descriptionTooLong),
    evidence: ids
      .transform((chosen) => [...new Set(chosen.filter((id) => id !== ""))].map(Number))
      .refine((chosen) => chosen.every((id) => evidenceIds.includes(id)), { error: M.evidence }),
  }).transform((form): ProblemInput => ({ description: form.description, evidenceIds: form.evidence }));
}

export type EvidenceLink = { label: string; path: string };

/** The support message: which load, what happened, and a link to each piece of evidence. */
export function problemMessage(facts: { loadName: string; loadPath: string; description: string; evidence: readonly EvidenceLink[] }): string {
  const lines = [`Problem reported on ${facts.loadName} (${facts.loadPath}):`, "", facts.description];
  if (facts.evidence.length) lines.push("", "Evidence:", ...facts.evidence.map((file) => `- ${file.label}: ${file.path}`));
  return lines.join("\n");
}
