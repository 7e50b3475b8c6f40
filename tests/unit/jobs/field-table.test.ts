import { describe, expect, it } from "vitest";
import { GROUP_NAMES } from "#domain/jobs/form/visibility.ts";
import { GROUP_FIELDS, JobFormInputSchema, withoutHiddenFields } from "#domain/jobs/form/input.ts";
import { JobFieldsSchema } from "#domain/jobs/form/parse.ts";
import { JOB_FIELD_NAMES, JOB_FIELDS } from "#domain/jobs/form/fields.ts";
import { jobFacts } from "#domain/jobs/form/facts.ts";
import { LOCATION_FIELD_NAMES, locationColumnsOf } from "#domain/jobs/form/location-fields.ts";
import { formInputOf, jobColumnsOf, type StoredJob } from "#domain/jobs/form/stored.ts";
import { parseJobForm, type JobFormData } from "#domain/jobs/form/parse.ts";

// Everything about a job field is derived from the one table: these pin each derivation to it.
describe("the job field table", () => {
  it("gives every field a reader in the posted-input schema and a check", () => {
    const posted = Object.keys(JobFormInputSchema.shape).filter((name) => name !== "pickups" && name !== "deliveries");
    const checked = Object.keys(JobFieldsSchema.shape).filter((name) => !["visible", "pickups", "deliveries"].includes(name));
    expect(posted).toEqual(JOB_FIELD_NAMES);
    expect(checked).toEqual(JOB_FIELD_NAMES);
  });

  it("gives every location field a column", () => {
    const columns = Object.keys(locationColumnsOf("pickup", { id: null, position: 0, ...Object.fromEntries(LOCATION_FIELD_NAMES.map((name) => [name, null])) } as never));
    expect(columns).toContain("bookingReference");
    expect(columns).toContain("windowDate");
  });

  it.each(GROUP_NAMES.filter((group) => GROUP_FIELDS[group].length))("drops the fields of the %s group when it is hidden", (group) => {
    expect(GROUP_FIELDS[group]).toEqual(JOB_FIELD_NAMES.filter((name) => JOB_FIELDS[name].group === group));
  });

  it("empties a hidden group's fields by how they are read (text, list, estimates)", () => {
    const input = JobFormInputSchema.parse({
      job_type: "single", load_type: "shipping_container", container_size: "20ft", vehicle_types: ["box"], quantity_eu: "3",
      additional_data: { load_estimates: [{ month: "2027-03", number_of_loads: "2" }] },
    });
    const shown = withoutHiddenFields(input);
    expect([shown.vehicle_types, shown.quantity_eu, shown.additional_data, shown.container_size]).toEqual([[], undefined, { load_estimates: [] }, "20ft"]);
  });
});

const form = {
  job_type: "multi", reference: "Round trip", loading_method: "side", start_date: "2031-03-03", end_date: "2031-03-14", frequency: "weekdays", number_of_loads: "2",
  load_type: "palletised", pallet_type: "eu", quantity_eu: "20", pallet_size: "1200x800", total_weight: "9000", vehicle_types: ["box", "artic"],
  required_certifications: ["adr"], load_condition: "chilled", additional_notes: "Tail-lift needed", timezone: "Europe/Paris", is_auction: "1", customs_paperwork: "t1_transit",
  auction_opens_at: "2031-02-01T09:00", auction_closes_at: "2031-02-02T17:30", secure_now_price: "450",
  pickups: [{ city: "Leeds", country_code: "GB", window_from: "06:00", window_to: "09:00", booking_reference: "BK-1" }],
  deliveries: [{ full_address: "1 Rue de Rivoli, Paris", city: "Paris", country_code: "FR", booking_reference: "Quai 3" }],
};

function stored(data: JobFormData): StoredJob {
  let id = 1;
  return {
    ...jobColumnsOf(data),
    locations: [...data.pickups.map((l) => ({ id: id++, ...locationColumnsOf("pickup", l) })), ...data.deliveries.map((l) => ({ id: id++, ...locationColumnsOf("delivery", l) }))],
  };
}

describe("a job through the table: form → data → columns → form", () => {
  const first = parseJobForm(form);
  if (!first.ok) throw new Error(JSON.stringify(first.errors));
  const columns = jobColumnsOf(first.data);

  it.each(JOB_FIELD_NAMES)("%s comes back as it was posted", (name) => {
    const again = parseJobForm(formInputOf(stored(first.data)));
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    const key = JOB_FIELDS[name].key as keyof JobFormData;
    expect(again.data[key]).toEqual(first.data[key]);
  });

  it("stores each field in its column, by its codec", () => {
    expect(columns).toMatchObject({
      vehicleTypes: '["box","artic"]', requiredCertifications: '["adr"]', secureNowPriceCents: 45_000, timezone: "Europe/Paris",
      additionalData: '{"load_estimates":[]}', expectedQuantity: 20,
    });
    expect(columns.auctionOpensAt?.toISOString()).toBe("2031-02-01T08:00:00.000Z");
    expect(columns.startDate?.toISOString()).toBe("2031-03-03T00:00:00.000Z");
  });

  it("keeps each location's booking-in reference", () => {
    expect(stored(first.data).locations.map((location) => location.bookingReference)).toEqual(["BK-1", "Quai 3"]);
  });

  it("shows the job page's facts from the table, only for groups the job shows", () => {
    const job = { ...stored(first.data), jobType: "multi" };
    expect(jobFacts(job, "schedule")).toEqual([
      { label: "Type of job", value: "Multi-load (recurring)" },
      { label: "Loads per collection day", value: "2" },
      // The waiting terms show even when the job leaves them blank: the usual 2 hours, the carrier's rate.
      { label: "Free waiting time", value: "2 hours" },
      { label: "Waiting time rate", value: "Not set: the carrier's own hourly rate" },
      { label: "Times are in", value: "Europe/Paris" },
    ]);
    expect(jobFacts(job, "load").map((fact) => fact.label)).toEqual(["Load type", "Condition", "Vehicle types", "Required certifications", "Pallet type", "Pallet size", "Customs paperwork", "Loading method"]);
  });
});
