import { MAX_PROBLEM_LENGTH, problemMessage, type ProblemInput } from "#domain/ratings/problem.ts";
import type { AttachmentView } from "#models/attachments.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import { problemPath } from "#pages/ratings/load-card.server.ts";
import { loadPath } from "#pages/ratings.server.ts";

// "Report a problem" as a page of its own (views/ratings/problem.ejs): the description and the load's
// documents and photos to tick as evidence; the load page holds a short form posting here too. What
// support reads is made here: the load's name and address, the description, a link per file.

export type ProblemForm = { errors: Record<string, string>; values: Record<string, unknown> };

const fileLabel = (file: AttachmentView) => `${file.kind === "photo" ? "Photo" : "Document"}: ${file.blob.filename}`;
const filePath = (id: number) => `/attachments/${id}`;
const chosenOf = (value: unknown): string[] => (typeof value === "string" ? [value] : Array.isArray(value) ? value.map(String) : []);

export function problemPage(load: LoadDetail, files: readonly AttachmentView[], form: ProblemForm | null = null) {
  const chosen = chosenOf(form?.values.evidence);
  return {
    title: `Report a problem · Load ${load.sequence} · ${load.job.reference}`,
    load, loadPath: loadPath(load.id), action: problemPath(load.id),
    description: { value: typeof form?.values.description === "string" ? form.values.description : "", error: form?.errors.description ?? "", max: MAX_PROBLEM_LENGTH },
    evidence: files.map((file) => ({ id: `problem_evidence_${file.id}`, value: String(file.id), label: fileLabel(file), href: filePath(file.id), checked: chosen.includes(String(file.id)) })),
    evidenceError: form?.errors.evidence ?? "",
    summary: { errors: form?.errors ?? {}, fields: ["description", "evidence"], fieldIds: { description: "problem_description", evidence: files.length ? `problem_evidence_${files[0]!.id}` : null, base: null } },
  };
}

/** The message support reads. */
export function problemText(load: LoadDetail, input: ProblemInput, files: readonly AttachmentView[]): string {
  const evidence = files.filter((file) => input.evidenceIds.includes(file.id)).map((file) => ({ label: fileLabel(file), path: filePath(file.id) }));
  return problemMessage({ loadName: `load ${load.sequence} of ${load.job.reference}`, loadPath: loadPath(load.id), description: input.description, evidence });
}
