import { COMPLIANCE_KINDS, COMPLIANCE_LABELS, COMPLIANCE_SCHEMAS, LICENCE_TYPES, standingOf, type ComplianceKind } from "#domain/compliance/documents.ts";
import { formatNumber, isoDate } from "#lib/format.server.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { complianceOf } from "#models/compliance.server.ts";

// The account page's compliance frame (a carrier's office): where its documents stand, and a form
// for each, filled in as saved or, after a refusal, as posted.

export const COMPLIANCE_PATH = "/account/compliance";

export type RefusedDocument = { kind: ComplianceKind; errors: FieldErrors; values: Record<string, unknown> };

type Stored = Awaited<ReturnType<typeof complianceOf>>[ComplianceKind];

/** The frame's locals: the standing badge, one form per kind of document, and the licence types offered. */
export async function compliancePage(accountId: number, refused: RefusedDocument | null, now = new Date()) {
  const documents = await complianceOf(accountId);
  const standing = standingOf(Object.values(documents), now);
  return { standing, forms: COMPLIANCE_KINDS.map((kind) => documentForm(kind, documents[kind], refused)), licenceTypes: LICENCE_TYPES };
}

function documentForm(kind: ComplianceKind, document: Stored | undefined, refused: RefusedDocument | null) {
  const posted = refused?.kind === kind ? refused : null;
  // Two forms on one page: each field's id starts with its form's kind.
  const idOf = (name: string) => `${kind}_${name}`;
  const fieldIds = Object.fromEntries(Object.keys(COMPLIANCE_SCHEMAS[kind].shape).map((name) => [name, idOf(name)]));
  return {
    kind,
    label: COMPLIANCE_LABELS[kind],
    action: `${COMPLIANCE_PATH}/${kind}`,
    document: document ?? null,
    errors: posted?.errors ?? {},
    values: posted ? posted.values : document ? storedValues(document) : {},
    ids: { reference: idOf("reference"), licence_type: idOf("licence_type"), cover: idOf("cover"), expires_on: idOf("expires_on") },
    // The certificate's message names no field of its own to link to (it sits under the uploader).
    summary: { id: `${kind}-errors`, fields: ["reference", "licence_type", "cover", "expires_on", "certificate"], fieldIds: { ...fieldIds, certificate: null } },
  };
}

function storedValues(document: NonNullable<Stored>) {
  return {
    reference: document.reference,
    licence_type: document.licenceType,
    cover: document.coverPence ? formatNumber(document.coverPence / 100) : "",
    expires_on: isoDate(document.expiresOn),
  };
}
