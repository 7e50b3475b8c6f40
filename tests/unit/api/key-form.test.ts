import { describe, expect, it } from "vitest";
import { apiKeyFormSchema } from "#domain/api/api-key-form.ts";
import { fieldErrors } from "#domain/auth/account-forms.ts";
import { missingScope, scopesOf } from "#domain/api/scopes.ts";

const NOW = Date.parse("2027-03-10T12:00:00Z");
const read = (input: unknown) => {
  const parsed = apiKeyFormSchema(NOW).safeParse(input);
  return parsed.success ? parsed.data : fieldErrors(parsed.error);
};

describe("the API key form", () => {
  it.each([
    [{ name: "ERP", scopes: "jobs:read" }, { name: "ERP", scopes: ["jobs:read"], expiresAt: null }],
    [{ name: "  ERP  ", scopes: ["jobs:read", "jobs:read", "loads:write"] }, { name: "ERP", scopes: ["jobs:read", "loads:write"], expiresAt: null }],
    [{ name: "ERP", scopes: ["invoices:read"], expires_on: "2027-03-10" }, { name: "ERP", scopes: ["invoices:read"], expiresAt: new Date("2027-03-11T00:00:00Z") }],
    [{ name: "ERP", scopes: ["webhooks:write"], expires_on: "" }, { name: "ERP", scopes: ["webhooks:write"], expiresAt: null }],
    [{}, { name: "Enter a name for the key", scopes: "Choose at least one scope" }],
    [{ name: "x".repeat(81), scopes: ["jobs:read"] }, { name: "Keep the name to 80 characters or fewer" }],
    [{ name: "ERP", scopes: ["jobs:delete"] }, { "scopes.0": "Choose scopes from the list" }],
    [{ name: "ERP", scopes: ["jobs:read"], expires_on: "2027-03-09" }, { expires_on: "The expiry date must be today or later" }],
    [{ name: "ERP", scopes: ["jobs:read"], expires_on: "2027-02-30" }, { expires_on: "Enter a real date" }],
    [{ name: "ERP", scopes: ["jobs:read"], expires_on: "next week" }, { expires_on: "Enter the expiry date as a date, for example 2027-03-31" }],
  ])("%j → %j", (input, expected) => {
    expect(read(input)).toEqual(expected);
  });
});

describe("scopes", () => {
  it.each([
    ['["jobs:read","quotes:write"]', ["jobs:read", "quotes:write"]],
    ['["jobs:read","retired:scope"]', ["jobs:read"]],
    ["not json", []],
    ['{"jobs:read":true}', []],
  ])("stored %s reads as %j", (stored, scopes) => {
    expect(scopesOf(stored)).toEqual(scopes);
  });

  it("names the missing scope", () => {
    expect(missingScope("jobs:write")).toBe("This key lacks the scope jobs:write");
  });
});
