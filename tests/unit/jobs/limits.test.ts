import { describe, expect, it } from "vitest";
import { MAX_LOCATIONS_PER_SIDE } from "#domain/jobs/limits.ts";
import { parseJobForm } from "#domain/jobs/form/parse.ts";
import { errors } from "../../support/job-form.ts";

// How big a job may be: each bound keeps one request's work small (an award writes one stop per load
// and location), and says so beside the field.
const place = (city: string) => ({ city, country_code: "GB", window_date: "2031-03-03" });
const form = (pickups: number, deliveries: number, extra: Record<string, unknown> = {}) => ({
  job_type: "single", reference: "Many stops", loading_method: "rear", load_type: "without_pallets", vehicle_types: ["box"],
  pickups: Array.from({ length: pickups }, (_, i) => place(`Pickup ${i}`)),
  deliveries: Array.from({ length: deliveries }, (_, i) => place(`Drop ${i}`)),
  ...extra,
});

describe("locations per job", () => {
  it("allows 10 pickups and 10 deliveries", () => {
    expect(MAX_LOCATIONS_PER_SIDE).toBe(10);
    expect(parseJobForm(form(10, 10)).ok).toBe(true);
  });

  it.each([
    { pickups: 11, deliveries: 1, field: "pickups", message: "A job can have at most 10 pickup locations; remove 1" },
    { pickups: 1, deliveries: 450, field: "deliveries", message: "A job can have at most 10 delivery locations; remove 440" },
  ])("refuses $pickups pickups and $deliveries deliveries beside the list", ({ pickups, deliveries, field, message }) => {
    expect(errors(parseJobForm(form(pickups, deliveries)))[field]).toBe(message);
    expect(errors(parseJobForm(form(pickups, deliveries), { mode: "draft" }))[field]).toBe(message);
  });

  it("does not count locations the form removes", () => {
    const removed = Array.from({ length: 5 }, () => ({ id: "9", _destroy: "1" }));
    expect(parseJobForm(form(10, 1, { pickups: [...form(10, 1).pickups, ...removed] })).ok).toBe(true);
  });
});
