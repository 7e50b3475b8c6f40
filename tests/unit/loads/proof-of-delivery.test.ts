import { describe, expect, it } from "vitest";
import { PROOF_MISSING, ProofInputSchema, RECIPIENT_MISSING } from "#domain/loads/proof-of-delivery.ts";

const messages = (input: unknown) => {
  const parsed = ProofInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

describe("ProofInputSchema", () => {
  it.each([
    [{ recipient_name: "Mark at goods-in", signature_signed_id: "sig" }],
    [{ recipient_name: "Mark", blob_signed_ids: ["p1", "p2"] }],
    [{ recipient_name: "Mark", blob_signed_ids: ["p1"], latitude: "53.8", longitude: "-1.55" }],
  ])("accepts %j", (input) => {
    expect(messages(input)).toEqual([]);
  });

  it.each([
    [{ recipient_name: "  ", signature_signed_id: "sig" }, [["recipient_name", RECIPIENT_MISSING]]],
    [{ recipient_name: "Mark" }, [["base", PROOF_MISSING]]],
    [{ recipient_name: "Mark", signature_signed_id: "", blob_signed_ids: [""] }, [["base", PROOF_MISSING]]],
    [{ recipient_name: "Mark", signature_signed_id: "sig", latitude: "53.8" }, [["latitude", "The position needs both coordinates"]]],
    [{ recipient_name: "Mark", signature_signed_id: "sig", latitude: "95", longitude: "1" }, [["latitude", "The position is not a place on Earth"]]],
    [{ recipient_name: "x".repeat(101), signature_signed_id: "sig" }, [["recipient_name", "Keep the name to 100 characters"]]],
    [{ recipient_name: "Mark", blob_signed_ids: Array.from({ length: 21 }, (_, i) => `p${i}`) }, [["blob_signed_ids", "Add at most 20 photos"]]],
  ])("refuses %j", (input, expected) => {
    expect(messages(input)).toEqual(expected);
  });

  it("reads the position as numbers and drops empty photo fields", () => {
    expect(ProofInputSchema.parse({ recipient_name: " Mark ", blob_signed_ids: ["p1", ""], latitude: "53.8", longitude: "-1.5" })).toEqual({
      recipient_name: "Mark",
      signature_signed_id: undefined,
      blob_signed_ids: ["p1"],
      latitude: 53.8,
      longitude: -1.5,
      confirmed: false,
    });
  });

  it("reads confirmed=1 as going on despite the warnings", () => {
    expect(ProofInputSchema.parse({ recipient_name: "Mark", signature_signed_id: "sig", confirmed: "1" }).confirmed).toBe(true);
  });
});
