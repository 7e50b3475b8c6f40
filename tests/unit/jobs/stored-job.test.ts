import { describe, expect, it } from "vitest";
import { parseJobForm, type JobFormData } from "#domain/jobs/form/parse.ts";
import { formInputOf, jobColumnsOf, newJobInput, type StoredJob } from "#domain/jobs/form/stored.ts";
import { locationColumnsOf } from "#domain/jobs/form/location-fields.ts";
import { calendarDateText, calendarDateValue, storedList, storedLoadEstimates } from "#domain/jobs/stored-values.ts";

const leeds = { city: "Leeds", post_code: "LS1 4AP", region: "England", country_code: "GB", latitude: "53.8", longitude: "-1.55" };
const belfast = { full_address: "Duncrue Street, Belfast BT3 9AR, UK", city: "Belfast", post_code: "BT3 9AR", region: "Northern Ireland", country_code: "GB" };

const forms = {
  "a single auction to Northern Ireland": {
    job_type: "single", reference: "Chilled to Belfast", loading_method: "rear", load_type: "palletised", pallet_type: "eu", quantity_eu: "22", pallet_size: "1200x800",
    total_weight: "11000", additional_notes: "Gate NW-4471", vehicle_types: ["refrigerated", "curtain_side"], vehicle_spec: "mega",
    required_certifications: ["temperature_controlled"], customs_paperwork: "windsor_green_lane", number_of_loads: "2", call_off_load_type: "all_at_once",
    timezone: "Europe/London", is_auction: "1", auction_opens_at: "2031-03-01T09:00", auction_closes_at: "2031-03-02T17:30", secure_now_price: "450",
    pickups: [{ ...leeds, window_date: "2031-03-14", window_from: "08:00", window_to: "12:00" }, { ...leeds, city: "York", window_date: "2031-03-13" }],
    deliveries: [{ ...belfast, window_date: "2031-03-16" }],
  },
  "a single load for the shipper's own driver": {
    job_type: "single", reference: "Own van to York", loading_method: "side", load_type: "palletised", pallet_type: "standard", quantity_standard: "4", total_weight: "900",
    vehicle_types: ["box"], assigned_driver_id: "7", timezone: "Europe/London", is_auction: "0",
    pickups: [{ ...leeds, window_date: "2031-03-14" }], deliveries: [{ ...leeds, city: "York", window_date: "2031-03-14" }],
  },
  "a multi-load job in Paris time": {
    job_type: "multi", reference: "Weekday drums", loading_method: "rear", start_date: "2031-03-03", end_date: "2031-03-14", frequency: "weekdays", number_of_loads: "2",
    load_type: "drums", load_quantity: "80", total_weight: "16000", vehicle_types: ["box"], customs_paperwork: "t1_transit", timezone: "Europe/Paris",
    pickups: [{ ...leeds, window_from: "06:00", window_to: "09:00" }],
    deliveries: [{ city: "Paris", country_code: "FR" }],
  },
  "a contract for containers": {
    job_type: "contract", reference: "Containers", loading_method: "top", start_date: "2031-03-14", contract_duration: "six_months", load_type: "shipping_container", container_size: "40ft_hc",
    call_off_load_type: "on_demand",
    additional_data: { load_estimates: ["2031-03", "2031-04", "2031-05", "2031-06", "2031-07", "2031-08"].map((month, i) => ({ month, number_of_loads: String(i + 1) })) },
    pickups: [leeds], deliveries: [{ ...leeds, city: "Glasgow", region: "Scotland" }],
  },
};

function parsed(form: unknown): JobFormData {
  const result = parseJobForm(form);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

/** What the database would hold after saving the form. */
function stored(data: JobFormData): StoredJob {
  let id = 100;
  return {
    ...jobColumnsOf(data),
    locations: [
      ...data.pickups.map((location) => ({ id: id++, ...locationColumnsOf("pickup", location) })),
      ...data.deliveries.map((location) => ({ id: id++, ...locationColumnsOf("delivery", location) })),
    ],
  };
}

const withoutIds = (data: JobFormData) => ({
  ...data,
  pickups: data.pickups.map((location) => ({ ...location, id: null })),
  deliveries: data.deliveries.map((location) => ({ ...location, id: null })),
});

describe("a saved job read back into its form", () => {
  it.each(Object.entries(forms))("%s validates to the same job", (_name, form) => {
    const original = parsed(form);
    const again = parsed(formInputOf(stored(original)));
    expect(withoutIds(again)).toEqual(withoutIds(original));
  });

  it("keeps location ids for the edit form and drops them for a copy", () => {
    const job = stored(parsed(forms["a single auction to Northern Ireland"]));
    expect(formInputOf(job).pickups.map((location) => location.id)).toEqual(["100", "101"]);
    expect(formInputOf(job, { withIds: false }).pickups.map((location) => location.id)).toEqual([undefined, undefined]);
  });

  it("lists locations by position whatever order they were stored in", () => {
    const job = stored(parsed(forms["a single auction to Northern Ireland"]));
    const reversed = { ...job, locations: [...job.locations].reverse() };
    expect(formInputOf(reversed).pickups.map((location) => location.city)).toEqual(["Leeds", "York"]);
  });

  it("stores a single load's first collection day as its start date", () => {
    const columns = jobColumnsOf(parsed(forms["a single auction to Northern Ireland"]));
    expect(columns.startDate?.toISOString()).toBe("2031-03-13T00:00:00.000Z");
    expect(columns.endDate).toBeNull();
    expect(columns.secureNowPriceCents).toBe(45_000);
    expect(columns.auctionOpensAt?.toISOString()).toBe("2031-03-01T09:00:00.000Z");
  });

  it("stores a contract's estimates and the day its estimates end", () => {
    const columns = jobColumnsOf(parsed(forms["a contract for containers"]));
    expect(columns.endDate?.toISOString().slice(0, 10)).toBe("2031-09-13");
    expect(storedLoadEstimates(columns.additionalData).map((e) => e.numberOfLoads)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(columns.expectedQuantity).toBe(21);
  });
});

describe("reading stored columns", () => {
  it.each([
    ['["box","artic"]', ["box", "artic"]],
    ["[]", []],
    ["", []],
    ["not json", []],
    ['{"a":1}', []],
    ['["box",3,null]', ["box"]],
  ])("storedList(%j) → %j", (text, list) => {
    expect(storedList(text)).toEqual(list);
  });

  it.each([
    ['{"load_estimates":[{"month":"2031-03","number_of_loads":4}]}', [{ month: "2031-03", numberOfLoads: 4 }]],
    ['{"load_estimates":[{"month":"2031-03"}]}', []],
    ["{}", []],
    ["oops", []],
  ])("storedLoadEstimates(%j) → %j", (text, estimates) => {
    expect(storedLoadEstimates(text)).toEqual(estimates);
  });

  it("keeps calendar dates as UTC midnight both ways", () => {
    expect(calendarDateValue("2031-03-30")?.toISOString()).toBe("2031-03-30T00:00:00.000Z");
    expect(calendarDateText(new Date("2031-03-30T00:00:00Z"))).toBe("2031-03-30");
    expect(calendarDateValue(null)).toBeNull();
  });
});

describe("a new job form", () => {
  it("starts as a single palletised load with one pickup and one delivery in the given time zone", () => {
    expect(newJobInput("Europe/Dublin")).toMatchObject({ job_type: "single", load_type: "palletised", timezone: "Europe/Dublin", pickups: [{ _destroy: false }], deliveries: [{ _destroy: false }] });
  });
});
