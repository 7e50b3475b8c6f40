import { describe, expect, it } from "vitest";
import { data, errors } from "../../support/job-form.ts";
import { draftInput, isBlankLocation, withBlankLocations } from "#domain/jobs/form/input.ts";
import { JobFormInputSchema } from "#domain/jobs/form/input.ts";
import { parseJobForm } from "#domain/jobs/form/parse.ts";

const leeds = { city: "Leeds", post_code: "LS1 4AP", region: "England", country_code: "GB" };
const belfast = { city: "Belfast", post_code: "BT1 5GS", region: "Northern Ireland", country_code: "GB" };
const CONTRACT_MONTHS = ["2027-03", "2027-04", "2027-05", "2027-06", "2027-07", "2027-08"];

const single = {
  job_type: "single",
  reference: "Pallets to Belfast",
  loading_method: "rear",
  load_type: "palletised",
  pallet_type: "eu",
  quantity_eu: "20",
  vehicle_types: ["curtain_side"],
  customs_paperwork: "windsor_green_lane",
  pickups: [{ ...leeds, window_date: "2027-03-14", window_from: "08:00", window_to: "12:00" }],
  deliveries: [{ ...belfast, window_date: "2027-03-16" }],
};
const multi = {
  job_type: "multi",
  reference: "Weekday drums",
  loading_method: "side",
  start_date: "2027-03-01",
  end_date: "2027-03-12",
  frequency: "weekdays",
  load_type: "drums",
  load_quantity: "80",
  vehicle_types: ["box"],
  pickups: [leeds],
  deliveries: [{ ...leeds, city: "York" }],
};
const contract = {
  job_type: "contract",
  reference: "Containers",
  loading_method: "top",
  start_date: "2027-03-14",
  contract_duration: "six_months",
  load_type: "shipping_container",
  container_size: "40ft_hc",
  vehicle_types: ["artic"],
  additional_data: { load_estimates: CONTRACT_MONTHS.map((month) => ({ month, number_of_loads: "2" })) },
  pickups: [leeds],
  deliveries: [{ ...leeds, city: "Glasgow" }],
};

const draft = (form: unknown) => parseJobForm(form, { mode: "draft" });


describe("parseJobForm draft mode: blank required answers are accepted", () => {
  it.each([
    { why: "only a reference", form: { reference: "Just an idea" } },
    { why: "single: no pallet type, quantities or vehicle types", form: { ...single, pallet_type: "", quantity_eu: "", vehicle_types: [] } },
    { why: "single: pallet type but no quantity", form: { ...single, quantity_eu: "" } },
    { why: "single: no collection date", form: { ...single, pickups: [leeds] } },
    { why: "single: no customs answer from GB to NI", form: { ...single, customs_paperwork: "" } },
    { why: "no delivery address", form: { ...single, deliveries: [{ window_date: "2027-03-16" }] } },
    { why: "a city without its country", form: { ...single, deliveries: [{ city: "Lyon" }] } },
    { why: "no locations at all", form: { ...single, pickups: [], deliveries: undefined } },
    { why: "multi: no schedule", form: { ...multi, start_date: "", end_date: "", frequency: "" } },
    { why: "drums: no count", form: { ...multi, load_quantity: "" } },
    { why: "contract: no duration and no breakdown", form: { ...contract, contract_duration: "", additional_data: undefined } },
    { why: "contract: every month left blank", form: { ...contract, additional_data: { load_estimates: CONTRACT_MONTHS.map((month) => ({ month, number_of_loads: "" })) } } },
    { why: "container: no size", form: { ...contract, container_size: "" } },
    { why: "auction: no times yet", form: { ...single, is_auction: "1" } },
  ])("$why", ({ form }) => {
    expect(draft(form).ok).toBe(true);
  });

  it("stores blanks as null or empty, with the blank form's job type and load type", () => {
    const job = data(draft({ reference: "Just an idea" }));
    expect(job).toMatchObject({
      reference: "Just an idea", jobType: "single", loadType: "palletised", palletType: null, quantityEu: null,
      vehicleTypes: [], pickups: [], deliveries: [], destroyedLocationIds: [], startDate: null, isAuction: false,
    });
  });

  it("keeps what is filled in", () => {
    const job = data(draft({ ...multi, load_quantity: "", deliveries: [{ city: "York", window_from: "06:00" }] }));
    expect(job).toMatchObject({ jobType: "multi", loadType: "drums", loadQuantity: null, startDate: "2027-03-01", frequency: "weekdays" });
    expect(job.deliveries).toMatchObject([{ city: "York", countryCode: null, windowFrom: "06:00" }]);
  });

  it("does not save locations left entirely blank, and removes a saved one that was emptied", () => {
    const job = data(draft({ ...single, pickups: [{ position: "0", _destroy: "0" }, leeds], deliveries: [{ id: "12", position: "0", latitude: "", _destroy: "0" }] }));
    expect(job.pickups).toMatchObject([{ city: "Leeds", position: 0 }]);
    expect(job.deliveries).toEqual([]);
    expect(job.destroyedLocationIds).toEqual([12]);
  });

  it("counts a contract month left blank as no loads", () => {
    const estimates = CONTRACT_MONTHS.map((month, index) => ({ month, number_of_loads: index === 0 ? "" : "3" }));
    const job = data(draft({ ...contract, additional_data: { load_estimates: estimates } }));
    expect(job.loadEstimates.map((estimate) => estimate.numberOfLoads)).toEqual([0, 3, 3, 3, 3, 3]);
  });
});

describe("parseJobForm draft mode: what is filled in must still be valid", () => {
  it.each([
    { why: "no reference", form: { ...single, reference: " " }, expected: { reference: "Enter a reference for the job" } },
    { why: "an empty form", form: undefined, expected: { reference: "Enter a reference for the job" } },
    { why: "a reference of 121 characters", form: { reference: "x".repeat(121) }, expected: { reference: "Keep the reference to 120 characters or fewer" } },
    { why: "an unreal date", form: { ...multi, start_date: "30/02/2027" }, expected: { start_date: "Enter a real date, like 14/03/2027" } },
    { why: "an unreal collection date", form: { ...single, pickups: [{ window_date: "2027-13-01" }] }, expected: { "pickups.0.window_date": "Enter a real date, like 14/03/2027" } },
    { why: "pallets over the maximum", form: { ...single, quantity_eu: "34" }, expected: { quantity_eu: "At most 33 pallets of this type fit on one vehicle" } },
    { why: "a malformed number", form: { ...single, total_weight: "heavy" }, expected: { total_weight: "Enter the weight in kilograms as a number" } },
    { why: "an unknown job type", form: { reference: "x", job_type: "weekly" }, expected: { job_type: "Choose the type of job" } },
    { why: "an unknown load type", form: { reference: "x", load_type: "gravel" }, expected: { load_type: "Choose the type of load" } },
    { why: "an unknown vehicle type", form: { ...single, vehicle_types: ["hovercraft"] }, expected: { vehicle_types: "Choose vehicle types from the list" } },
    { why: "a country that is not a code", form: { ...single, deliveries: [{ city: "Lyon", country_code: "France" }] }, expected: { "deliveries.0.country_code": "Choose a country from the list" } },
    { why: "a time window ending before it starts", form: { ...single, pickups: [{ window_from: "14:00", window_to: "09:00" }] }, expected: { "pickups.0.window_to": "The time window must end after it starts" } },
    { why: "multi: end before start", form: { ...multi, end_date: "2027-02-28" }, expected: { end_date: "The end date must be on or after the start date" } },
    { why: "multi: more than 1,000 loads", form: { ...multi, number_of_loads: "101" }, expected: { number_of_loads: "This job would have 1,010 loads; a job can have at most 1,000" } },
    { why: "single: delivery before collection", form: { ...single, deliveries: [{ window_date: "2027-03-13" }] }, expected: { "deliveries.0.window_date": "The delivery date cannot be before the collection date" } },
    { why: "contract: months from another start date", form: { ...contract, start_date: "2027-04-01" }, expected: { "additional_data.load_estimates": "The months no longer match the start date and duration: break the loads down per month again" } },
    { why: "auction closes before it opens", form: { ...single, is_auction: "1", auction_opens_at: "2027-03-02T09:00", auction_closes_at: "2027-03-01T09:00" }, expected: { auction_closes_at: "The auction must close after it opens" } },
  ])("$why", ({ form, expected }) => {
    expect(errors(draft(form))).toEqual(expected);
  });
});

describe("parseJobForm publish mode is unchanged", () => {
  it("is the default", () => {
    expect(errors(parseJobForm({ reference: "Just an idea" }))).toEqual(errors(parseJobForm({ reference: "Just an idea" }, { mode: "publish" })));
  });

  it.each([
    { why: "only a reference", form: { reference: "Just an idea" }, expected: { job_type: "Choose the type of job", load_type: "Choose the type of load", loading_method: "Choose how the goods are loaded", vehicle_types: "Choose at least one vehicle type", pickups: "Add at least one pickup location", deliveries: "Add at least one delivery location" } },
    { why: "a pallet type but no quantity", form: { ...single, quantity_eu: "" }, expected: { quantity_eu: "Enter how many pallets" } },
    { why: "no collection date", form: { ...single, pickups: [leeds] }, expected: { "pickups.0.window_date": "Enter the collection date" } },
    { why: "a blank delivery", form: { ...single, deliveries: [{}] }, expected: { "deliveries.0.full_address": "Enter an address, or a town or city and a country" } },
    { why: "a city without its country", form: { ...single, deliveries: [{ city: "Lyon", window_date: "2027-03-16" }] }, expected: { "deliveries.0.country_code": "Choose the country" } },
    { why: "contract: a month left blank", form: { ...contract, additional_data: { load_estimates: CONTRACT_MONTHS.map((month, index) => ({ month, number_of_loads: index ? "2" : "" })) } }, expected: { "additional_data.load_estimates.0.number_of_loads": "Enter the estimated loads for this month" } },
    { why: "contract: every month zero", form: { ...contract, additional_data: { load_estimates: CONTRACT_MONTHS.map((month) => ({ month, number_of_loads: "0" })) } }, expected: { "additional_data.load_estimates": "Estimate at least one load" } },
  ])("$why", ({ form, expected }) => {
    expect(errors(parseJobForm(form, { mode: "publish" }))).toEqual(expected);
    expect(draft(form).ok).toBe(true);
  });
});

describe("an unreal window date is refused beside its field in both modes", () => {
  it.each(["publish", "draft"] as const)("%s", (mode) => {
    const form = { ...single, pickups: [{ ...leeds, window_date: "2027-13-01" }] };
    expect(errors(parseJobForm(form, { mode }))).toEqual({ "pickups.0.window_date": "Enter a real date, like 14/03/2027" });
  });
});

describe("draft input helpers", () => {
  const input = (form: unknown) => JobFormInputSchema.parse(form);

  it.each([
    { location: { position: "0", _destroy: "0", latitude: " " }, blank: true },
    { location: { id: "4", position: "1" }, blank: true },
    { location: { window_from: "08:00" }, blank: false },
    { location: { company_name: "Acme" }, blank: false },
  ])("a location is blank: $blank for $location", ({ location, blank }) => {
    expect(isBlankLocation(input({ pickups: [location] }).pickups[0]!)).toBe(blank);
  });

  it("fills only a missing job type and load type", () => {
    expect(draftInput(input({}))).toMatchObject({ job_type: "single", load_type: "palletised" });
    expect(draftInput(input({ job_type: "multi", load_type: "ibc" }))).toMatchObject({ job_type: "multi", load_type: "ibc" });
  });

  it("gives the form a blank block on a side with no location", () => {
    const shown = withBlankLocations(input({ pickups: [leeds], deliveries: [{ id: "3", _destroy: "1" }] }));
    expect(shown.pickups).toHaveLength(1);
    expect(shown.deliveries).toEqual([{ id: "3", _destroy: true }, { _destroy: false }]);
  });
});
