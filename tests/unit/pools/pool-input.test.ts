import { describe, expect, it } from "vitest";
import {
  CARRIER_SEARCH_MAX, MemberInputSchema, POOL_NAME_MAX, PoolNameSchema, carrierSearchText, nameTaken, nameTakenMessage, tidyName,
} from "#domain/pools/pool-input.ts";
import { POOL_INVITATION_TTL_MS, poolInvitationLetter, poolInvitationSignUpPath, poolInvitationToken } from "#domain/pools/invitations.ts";

const messagesOf = (schema: typeof PoolNameSchema | typeof MemberInputSchema, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("a pool's name", () => {
  it.each([
    [{ name: "Chilled regulars" }, "Chilled regulars"],
    [{ name: "  Chilled   regulars  " }, "Chilled regulars"],
    [{ name: "Scotland\t& the North" }, "Scotland & the North"],
    [{ name: "x".repeat(POOL_NAME_MAX) }, "x".repeat(60)],
    [{ name: ` ${"x".repeat(POOL_NAME_MAX)} ` }, "x".repeat(60)],
    [{ name: "Ÿ" }, "Ÿ"],
  ])("%j is read as %j", (input, name) => {
    expect(PoolNameSchema.parse(input)).toEqual({ name });
  });

  it.each([
    [{ name: "" }, "Enter a name for the pool"],
    [{ name: "   " }, "Enter a name for the pool"],
    [{}, "Enter a name for the pool"],
    [{ name: null }, "Enter a name for the pool"],
    [{ name: ["Chilled", "regulars"] }, "Enter a name for the pool"],
    [{ name: 42 }, "Enter a name for the pool"],
    [{ name: "x".repeat(61) }, "The pool's name must be 60 characters or fewer"],
  ])("%j is refused: %s", (input, message) => {
    expect(messagesOf(PoolNameSchema, input)).toEqual({ name: message });
  });

  it.each([
    ["Chilled regulars", ["Chilled regulars"], true],
    ["chilled REGULARS", ["Chilled regulars"], true],
    ["Chilled  regulars ", ["Chilled regulars"], true],
    ["Chilled", ["Chilled regulars", "Scotland"], false],
    ["Scotland", [], false],
  ])("%j among %j is taken: %s", (name, others, taken) => {
    expect(nameTaken(name, others)).toBe(taken);
  });

  it("names the pool in the message as typed", () => {
    expect(nameTakenMessage("Chilled regulars")).toBe("You already have a pool called Chilled regulars");
    expect(tidyName("  a  b ")).toBe("a b");
  });
});

describe("the member to add", () => {
  it.each([
    [{ carrier_account_id: "12" }, { kind: "carrier", accountId: 12 }],
    [{ carrier_account_id: " 12 ", email: "ops@pennine.co.uk" }, { kind: "carrier", accountId: 12 }],
    [{ carrier_account_id: "2147483647" }, { kind: "carrier", accountId: 2_147_483_647 }],
    [{ email: "Ops@Pennine.co.uk " }, { kind: "email", email: "ops@pennine.co.uk" }],
    [{ carrier_account_id: "", email: "ops@pennine.co.uk" }, { kind: "email", email: "ops@pennine.co.uk" }],
    [{ carrier_account_id: "abc", email: "ops@pennine.co.uk" }, { kind: "email", email: "ops@pennine.co.uk" }],
  ])("%j is %j", (input, member) => {
    expect(MemberInputSchema.parse(input)).toEqual(member);
  });

  it.each([
    [{}, "Choose a carrier to add, or enter an e-mail address to invite"],
    [{ email: "  " }, "Choose a carrier to add, or enter an e-mail address to invite"],
    [{ carrier_account_id: "0" }, "Choose a carrier to add, or enter an e-mail address to invite"],
    [{ carrier_account_id: "-1" }, "Choose a carrier to add, or enter an e-mail address to invite"],
    [{ carrier_account_id: "2147483648" }, "Choose a carrier to add, or enter an e-mail address to invite"],
    [{ carrier_account_id: ["1"] }, "Choose a carrier to add, or enter an e-mail address to invite"],
    [{ email: ["a@b.co.uk"] }, "Choose a carrier to add, or enter an e-mail address to invite"],
    [{ email: "pennine" }, "Enter an e-mail address like name@company.co.uk"],
    [{ email: "ops@" }, "Enter an e-mail address like name@company.co.uk"],
    [{ email: `${"x".repeat(250)}@example.org` }, "Enter an e-mail address like name@company.co.uk"],
  ])("%j is refused beside the e-mail field: %s", (input, message) => {
    expect(messagesOf(MemberInputSchema, input)).toEqual({ email: message });
  });
});

describe("the carrier search", () => {
  it.each([
    ["  pennine  haulage ", "pennine haulage"],
    ["", ""],
    [undefined, ""],
    [["a", "b"], ""],
    ["x".repeat(100), "x".repeat(CARRIER_SEARCH_MAX)],
  ])("%j searches for %j", (typed, text) => {
    expect(carrierSearchText(typed)).toBe(text);
  });
});

describe("the invitation", () => {
  it.each([
    ["abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE", "abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE"],
    ["short", null],
    ["<script>alert(1)</script>aaaaaaaaaaaaaaa", null],
    ["x".repeat(101), null],
    [["abcdefghijklmnopqrstuvwxyz"], null],
    [undefined, null],
  ])("a token %j is read as %j", (value, token) => {
    expect(poolInvitationToken(value)).toBe(token);
  });

  it("links to the carrier sign-up with the token, lasts 14 days and names who invited", () => {
    expect(poolInvitationSignUpPath("abc_-1")).toBe("/signup?kind=carrier&pool_invitation=abc_-1");
    expect(POOL_INVITATION_TTL_MS).toBe(14 * 86_400_000);
    const letter = poolInvitationLetter({ inviter: "Nora", shipper: "Northwind", pool: "Chilled regulars", link: "https://loadline.test/signup" });
    expect(letter.subject).toBe("Northwind invited you to offer them work on Loadline");
    expect(letter.text).toContain('Nora of Northwind has invited your company to their carrier pool "Chilled regulars" on Loadline');
    expect(letter.text).toContain("https://loadline.test/signup\n\nThe link works for 14 days.");
  });
});
