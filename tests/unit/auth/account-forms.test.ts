import { describe, expect, it } from "vitest";
import { SignupSchema, fieldErrors } from "#domain/auth/account-forms.ts";
import { isOwnDomainEmail } from "#domain/auth/identity.ts";
import { isIgnoredClientError } from "#domain/telemetry/client-errors.ts";

const valid = { account_kind: "shipper", company_name: "Acme", name: "Ann", email: " Ann@Acme.CO.UK ", password: "12345678" };

describe("sign-up form", () => {
  it("normalises the email", () => {
    expect(SignupSchema.parse(valid).email).toBe("ann@acme.co.uk");
  });

  it.each([
    ["password", "1234567", "Password must be at least 8 characters"],
    ["password", "x".repeat(257), "Password must be at most 256 characters"],
    ["account_kind", "platform", "Choose shipper or carrier"],
    ["company_name", "", "Enter your company name"],
    ["email", "nope", "Enter an email address like name@company.co.uk"],
  ])("rejects %s=%j with “%s”", (field, value, message) => {
    const result = SignupSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)[field]).toBe(message);
  });

  it("accepts passwords from 8 to 256 characters", () => {
    for (const length of [8, 128, 256]) expect(SignupSchema.safeParse({ ...valid, password: "p".repeat(length) }).success).toBe(true);
  });
});

describe("own-domain identification", () => {
  it.each([
    ["ops@loadline.example", true],
    ["ops@uk.loadline.example", true],
    ["ops@notloadline.example", false],
    ["ops@customer.example", false],
  ])("%s → %s", (email, own) => expect(isOwnDomainEmail(email, "loadline.example")).toBe(own));
});

describe("client errors ignored", () => {
  it.each([
    ["Script error.", true],
    ["ResizeObserver loop limit exceeded", true],
    ["TypeError: Failed to fetch", true],
    ["NetworkError when attempting to fetch resource.", true],
    ["Object Not Found Matching Id:1, MethodName:update, ParamCount:4", true],
    ["Failed to execute 'querySelector' on 'Document': '#' is not a valid selector.", true],
    ["", true],
    ["TypeError: Cannot read properties of undefined (reading 'id')", false],
  ])("%j ignored: %s", (message, ignored) => expect(isIgnoredClientError(message)).toBe(ignored));
});
