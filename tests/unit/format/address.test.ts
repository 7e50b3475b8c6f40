import { describe, expect, it } from "vitest";
import { addressLine } from "#domain/format/address.ts";

const leeds = { companyName: "Acme Ltd", address: "Unit 4, Kirkstall Road", city: "Leeds", postCode: "LS3 1HS", countryCode: "GB" };

describe("addressLine", () => {
  it.each([
    { why: "parts with the country", place: leeds, options: {}, line: "Unit 4, Kirkstall Road, Leeds, LS3 1HS, GB" },
    { why: "the company first", place: leeds, options: { company: true }, line: "Acme Ltd, Unit 4, Kirkstall Road, Leeds, LS3 1HS, GB" },
    { why: "without the country", place: leeds, options: { country: false }, line: "Unit 4, Kirkstall Road, Leeds, LS3 1HS" },
    { why: "a full address as typed wins", place: { ...leeds, fullAddress: "1 Rue de Rivoli, Paris" }, options: { company: true }, line: "1 Rue de Rivoli, Paris" },
    { why: "missing parts are skipped", place: { city: "York", postCode: null, countryCode: "GB" }, options: {}, line: "York, GB" },
    { why: "nothing at all", place: {}, options: {}, line: "" },
  ])("$why", ({ place, options, line }) => {
    expect(addressLine(place, options)).toBe(line);
  });
});
