import { describe, expect, it } from "vitest";
import { CarrierSelectorRequestSchema, isSamePlace } from "#domain/loads/carrier-selector.ts";

describe("CarrierSelectorRequestSchema", () => {
  const parse = (body: unknown) => CarrierSelectorRequestSchema().safeParse(body);

  it("reads {job_id, carrier_account_id, address: {city, country}, date}, trimming the city", () => {
    const result = parse({ job_id: "12", carrier_account_id: 4, address: { city: " Leeds ", country: "GB" }, date: "2027-03-03" });
    expect(result.success && result.data).toEqual({ job_id: 12, carrier_account_id: 4, address: { city: "Leeds", country: "GB" }, date: "2027-03-03" });
  });

  it.each([
    { body: { job_id: 1 }, data: { job_id: 1, carrier_account_id: undefined, address: { city: "", country: "" }, date: null }, why: "only the job" },
    { body: { job_id: 1, carrier_account_id: "", address: { city: null }, date: "" }, data: { job_id: 1, carrier_account_id: undefined, address: { city: "", country: "" }, date: null }, why: "blank fields" },
    { body: { job_id: 1, date: "03/03/2027" }, data: { job_id: 1, carrier_account_id: undefined, address: { city: "", country: "" }, date: "2027-03-03" }, why: "a UK date" },
  ])("accepts $why", ({ body, data }) => {
    const result = parse(body);
    expect(result.success && result.data).toEqual(data);
  });

  it.each([
    { body: {}, why: "no job" },
    { body: { job_id: "abc" }, why: "a job id that is not a number" },
    { body: { job_id: 1, date: "31/02/2027" }, why: "a day that does not exist" },
    { body: { job_id: 1, carrier_account_id: -3 }, why: "a negative carrier id" },
    { body: { job_id: 1, address: { city: "x".repeat(121) } }, why: "an absurd city" },
  ])("refuses $why", ({ body }) => {
    expect(parse(body).success).toBe(false);
  });
});

describe("isSamePlace", () => {
  it.each([
    { a: { city: "Leeds", country: "GB" }, b: { city: "leeds", country: "gb" }, same: true },
    { a: { city: "Milton  Keynes", country: "GB" }, b: { city: "milton keynes", country: "" }, same: true },
    { a: { city: "Leeds", country: "GB" }, b: { city: "Bradford", country: "GB" }, same: false },
    { a: { city: "Paris", country: "FR" }, b: { city: "Paris", country: "US" }, same: false },
    { a: { city: null, country: "GB" }, b: { city: "", country: "GB" }, same: false },
  ])("$a.city/$a.country vs $b.city/$b.country → $same", ({ a, b, same }) => {
    expect(isSamePlace(a, b)).toBe(same);
  });
});
