import { describe, expect, it } from "vitest";
import { readSigningCompleted } from "#domain/contracts/signing-events.ts";

describe("readSigningCompleted", () => {
  it("reads a signing page's completed message, as an object or as JSON text", () => {
    const sent = { event: "completed", signer_name: "Callum Wright", signature_signed_id: "abc--123" };
    const expected = { event: "completed", signer_name: "Callum Wright", signature_signed_id: "abc--123", reference: "" };
    expect(readSigningCompleted(sent)).toEqual(expected);
    expect(readSigningCompleted(JSON.stringify(sent))).toEqual(expected);
  });

  it.each([["another event", { event: "ready" }], ["no event", { signer_name: "X" }], ["text that is not JSON", "completed"], ["null", null], ["a number", 7]])(
    "ignores %s",
    (_case, data) => expect(readSigningCompleted(data)).toBeNull(),
  );

  it("keeps only text fields, cut to 2,000 characters", () => {
    expect(readSigningCompleted({ event: "completed", signer_name: 42, reference: "r".repeat(3_000) })).toEqual({ event: "completed", signer_name: "", signature_signed_id: "", reference: "r".repeat(2_000) });
  });
});
