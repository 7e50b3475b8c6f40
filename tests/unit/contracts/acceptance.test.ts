import { describe, expect, it } from "vitest";
import { HostedCompletionSchema, parseSigningReference, signingReference } from "#domain/contracts/acceptance.ts";

describe("a signing's reference", () => {
  it("names the accepted quote and the user who asked to sign, and reads back", () => {
    expect(signingReference(33, 7)).toBe("loadline-acceptance-33-7");
    expect(parseSigningReference(signingReference(33, 7))).toEqual({ quoteId: 33, userId: 7 });
    expect(parseSigningReference(signingReference(2_147_483_647, 1))).toEqual({ quoteId: 2_147_483_647, userId: 1 });
  });

  it.each([
    ["the old reference without a user", "loadline-acceptance-33"],
    ["no ids", "loadline-acceptance-"],
    ["a third part", "loadline-acceptance-33-7-1"],
    ["a zero id", "loadline-acceptance-0-7"],
    ["a leading zero", "loadline-acceptance-033-7"],
    ["a negative id", "loadline-acceptance-33--7"],
    ["an id too big for the database", "loadline-acceptance-2147483648-7"],
    ["another prefix", "acceptance-33-7"],
    ["text around it", " loadline-acceptance-33-7"],
    ["a trailing newline", "loadline-acceptance-33-7\n"],
    ["upper case", "LOADLINE-ACCEPTANCE-33-7"],
    ["not digits", "loadline-acceptance-33-x"],
  ])("names nothing for %s", (_case, reference) => expect(parseSigningReference(reference)).toBeNull());
});

describe("a hosted provider's completion", () => {
  const base = { event: "completed", reference: "loadline-acceptance-33-7", signer_name: " Callum Wright " };

  it("reads the event, reference, trimmed signer name and an ISO time with its offset (or none)", () => {
    expect(HostedCompletionSchema.parse({ ...base, signed_at: "2026-03-02T10:15:00+01:00" })).toEqual({ ...base, signer_name: "Callum Wright", signed_at: "2026-03-02T10:15:00+01:00" });
    expect(HostedCompletionSchema.parse(base)).toEqual({ ...base, signer_name: "Callum Wright" });
  });

  it.each([
    ["another event", { ...base, event: "declined" }],
    ["no reference", { ...base, reference: undefined }],
    ["a blank signer name", { ...base, signer_name: "  " }],
    ["a signer name over 100 characters", { ...base, signer_name: "n".repeat(101) }],
    ["a time that is not ISO 8601", { ...base, signed_at: "2 March 2026" }],
    ["not an object", "completed"],
  ])("refuses %s", (_case, body) => expect(HostedCompletionSchema.safeParse(body).success).toBe(false));
});
