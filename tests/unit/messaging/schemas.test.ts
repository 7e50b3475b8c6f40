import { describe, expect, it } from "vitest";
import { MessageSchema, TypingEventSchema } from "#domain/messaging/schemas.ts";

describe("TypingEventSchema", () => {
  it.each([
    [{ load_id: 3, job_id: 2, to_account_id: 9 }, { load_id: 3, job_id: 2, to_account_id: 9 }],
    [{ load_id: null, job_id: 2, to_account_id: 9 }, { load_id: null, job_id: 2, to_account_id: 9 }],
    [{ job_id: "2", to_account_id: "9" }, { load_id: null, job_id: 2, to_account_id: 9 }],
  ])("accepts %j", (input, expected) => {
    expect(TypingEventSchema.parse(input)).toEqual(expected);
  });

  it.each([
    [{}],
    [{ load_id: 3, to_account_id: 9 }],
    [{ load_id: 3, job_id: 2 }],
    [{ job_id: 0, to_account_id: 9 }],
    [{ job_id: -2, to_account_id: 9 }],
    [{ job_id: 2.5, to_account_id: 9 }],
    [{ job_id: "abc", to_account_id: 9 }],
    [{ job_id: "02", to_account_id: 9 }],
    [{ job_id: 2, to_account_id: 9, load_id: "x" }],
    [{ job_id: [2], to_account_id: 9 }],
  ])("refuses %j", (input) => {
    expect(TypingEventSchema.safeParse(input).success).toBe(false);
  });
});

describe("MessageSchema", () => {
  it("trims the body", () => {
    expect(MessageSchema.parse({ body: "  Hello  \n" })).toEqual({ body: "Hello" });
  });

  it.each([[{}], [{ body: "" }], [{ body: "   \n " }], [{ body: 5 }], [{ body: "x".repeat(5_001) }]])("refuses %j", (input) => {
    expect(MessageSchema.safeParse(input).success).toBe(false);
  });
});
