// A carrier accepts the award of a contract job by signing in a frame: our own signing page (a drawn
// signature and the signer's name) or a hosted signing provider's. Either page tells the acceptance
// page it is done by posting a "completed" message to it; the acceptance page then sends its form.
// Read in the browser, so written without zod (it would add ~90 KiB to the signing pages).

export const SIGNING_COMPLETED = "completed";

/** What a signing page reports when the signer has finished; the fields go into the acceptance form. */
export type SigningCompleted = { event: typeof SIGNING_COMPLETED; signer_name: string; signature_signed_id: string; reference: string };

const FIELD_MAX = 2_000;
const text = (value: unknown) => (typeof value === "string" ? value.slice(0, FIELD_MAX) : "");

/** The "completed" message of a signing page (an object or its JSON text), or null for any other message. */
export function readSigningCompleted(data: unknown): SigningCompleted | null {
  let value = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof value !== "object" || value === null) return null;
  const message = value as Record<string, unknown>;
  if (message.event !== SIGNING_COMPLETED) return null;
  return { event: SIGNING_COMPLETED, signer_name: text(message.signer_name), signature_signed_id: text(message.signature_signed_id), reference: text(message.reference) };
}
