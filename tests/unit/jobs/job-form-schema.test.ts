import { describe, expect, it } from "vitest";
import { data, errors } from "../../support/job-form.ts";
import { fieldName } from "#domain/jobs/form/names.ts";
import { parseJobForm, type JobFormData } from "#domain/jobs/form/parse.ts";

// Forms as `req.body.job` arrives from the urlencoded parser: every value is text.
const leeds = { city: "Leeds", post_code: "LS1 4AP", region: "England", country_code: "GB" };
const belfast = { city: "Belfast", post_code: "BT1 5GS", region: "Northern Ireland", country_code: "GB" };
const paris = { full_address: "1 Rue de Rivoli, 75001 Paris, France", city: "Paris", country_code: "FR" };

const forms = {
  single: {
    job_type: "single",
    reference: "Pallets to Belfast",
    loading_method: "rear",
    load_type: "palletised",
    pallet_type: "eu",
    quantity_eu: "20",
    pallet_size: "1200x800",
    total_weight: "9,500",
    additional_notes: "Forklift on site",
    vehicle_types: ["curtain_side", "artic"],
    vehicle_spec: "mega",
    required_certifications: ["fors_silver"],
    customs_paperwork: "windsor_green_lane",
    number_of_loads: "2",
    call_off_load_type: "all_at_once",
    assigned_driver_id: "7",
    timezone: "Europe/London",
    pickups: [{ ...leeds, window_date: "2027-03-14", window_from: "08:00", window_to: "12:00" }],
    deliveries: [{ ...belfast, window_date: "16/03/2027" }],
  },
  multi: {
    job_type: "multi",
    reference: "Weekday drums to Paris",
    loading_method: "side",
    start_date: "2027-03-01",
    end_date: "2027-03-12",
    frequency: "weekdays",
    number_of_loads: "2",
    load_type: "drums",
    load_quantity: "80",
    total_weight: "16000",
    vehicle_types: ["box"],
    customs_paperwork: "t1_transit",
    pickups: [{ ...leeds, window_from: "06:00", window_to: "09:00" }],
    deliveries: [paris],
  },
  contract: {
    job_type: "contract",
    reference: "Contract: containers",
    loading_method: "top",
    start_date: "14/03/2027",
    contract_duration: "six_months",
    load_type: "shipping_container",
    container_size: "40ft_hc",
    call_off_load_type: "on_demand",
    additional_data: {
      load_estimates: ["2027-03", "2027-04", "2027-05", "2027-06", "2027-07", "2027-08"].map((month, index) => ({ month, number_of_loads: String(index) })),
    },
    pickups: [leeds],
    deliveries: [{ ...leeds, city: "Glasgow", region: "Scotland", post_code: "G1 1XQ" }],
  },
};

/** The single load without the shipper's own driver on it: a job for its own driver is never auctioned. */
const { assigned_driver_id: _ownDriver, ...auctionable } = forms.single;


describe("parseJobForm: valid forms", () => {
  it("reads a single-load job", () => {
    const job = data(parseJobForm(forms.single));
    expect(job).toMatchObject({
      jobType: "single",
      reference: "Pallets to Belfast",
      loadType: "palletised",
      palletType: "eu",
      quantityEu: 20,
      quantityOther: null,
      totalWeightKg: 9500,
      vehicleTypes: ["curtain_side", "artic"],
      vehicleSpec: "mega",
      requiredCertifications: ["fors_silver"],
      customsPaperwork: "windsor_green_lane",
      numberOfLoads: 2,
      callOffLoadType: "all_at_once",
      assignedDriverId: 7,
      startDate: null,
      endDate: null,
      frequency: null,
      isAuction: false,
      expectedQuantity: 2,
      collectionDays: [],
    });
    expect(job.pickups).toEqual([
      {
        id: null, position: 0, fullAddress: null, address: null, city: "Leeds", postCode: "LS1 4AP", region: "England", countryCode: "GB",
        companyName: null, latitude: null, longitude: null, windowDate: "2027-03-14", windowFrom: "08:00", windowTo: "12:00", bookingReference: null, contactName: null, contactPhone: null,
      },
    ]);
    expect(job.deliveries[0]?.windowDate).toBe("2027-03-16");
  });

  it("reads a multi-load job: one occurrence per weekday, loads per occurrence", () => {
    const job = data(parseJobForm(forms.multi));
    expect(job).toMatchObject({ jobType: "multi", startDate: "2027-03-01", endDate: "2027-03-12", frequency: "weekdays", loadQuantity: 80 });
    expect(job.collectionDays).toHaveLength(10);
    expect(job.expectedQuantity).toBe(20);
    expect(job.pickups[0]).toMatchObject({ windowDate: null, windowFrom: "06:00", windowTo: "09:00" });
    expect(job.deliveries[0]).toMatchObject({ fullAddress: "1 Rue de Rivoli, 75001 Paris, France", countryCode: "FR" });
  });

  it("reads a contract job: monthly estimates, end date from the duration", () => {
    const job = data(parseJobForm(forms.contract));
    expect(job).toMatchObject({
      jobType: "contract", startDate: "2027-03-14", endDate: "2027-09-13", contractDuration: "six_months", containerSize: "40ft_hc",
      callOffLoadType: "on_demand", expectedQuantity: 15,
    });
    expect(job.loadEstimates[1]).toEqual({ month: "2027-04", numberOfLoads: 1 });
  });

  it("reads an auction: wall-clock times in the form's time zone, secure-now price in pence", () => {
    const job = data(parseJobForm({
      ...auctionable,
      is_auction: ["0", "1"],
      auction_opens_at: "2027-03-01T09:00",
      auction_closes_at: "2027-03-02T17:30",
      secure_now_price: "£1,200",
    }));
    expect(job.isAuction).toBe(true);
    expect(job.auctionOpensAt?.toISOString()).toBe("2027-03-01T09:00:00.000Z");
    expect(job.auctionClosesAt?.toISOString()).toBe("2027-03-02T17:30:00.000Z");
    expect(job.secureNowPriceCents).toBe(120000);

    const warsaw = data(parseJobForm({ ...auctionable, is_auction: "1", timezone: "Europe/Warsaw", auction_opens_at: "2027-07-01T09:00", auction_closes_at: "2027-07-02T09:00" }));
    expect(warsaw.auctionOpensAt?.toISOString()).toBe("2027-07-01T07:00:00.000Z");
    expect(warsaw.timezone).toBe("Europe/Warsaw");
  });

  it("evens out the shapes the body parser produces", () => {
    const job = data(parseJobForm({
      ...forms.multi,
      vehicle_types: "box",
      required_certifications: ["", "adr", "adr"],
      pickups: { "1700000001": { ...leeds, city: "York", position: "1" }, "1700000000": { ...leeds, position: "0" } },
      deliveries: [paris, { id: "42", _destroy: "1", city: "" }, { id: "43", _destroy: ["0", "1"] }],
    }));
    expect(job.vehicleTypes).toEqual(["box"]);
    expect(job.requiredCertifications).toEqual(["adr"]);
    expect(job.pickups.map((location) => [location.city, location.position])).toEqual([["Leeds", 0], ["York", 1]]);
    expect(job.deliveries).toHaveLength(1);
    expect(job.destroyedLocationIds).toEqual([42, 43]);
  });

  it("orders locations by their posted position", () => {
    const job = data(parseJobForm({ ...forms.multi, deliveries: [{ ...paris, city: "Lyon", position: "2" }, { ...paris, position: "1" }] }));
    expect(job.deliveries.map((location) => [location.city, location.position])).toEqual([["Paris", 0], ["Lyon", 1]]);
  });

  it("defaults the time zone to Europe/London", () => {
    expect(data(parseJobForm({ ...forms.multi, timezone: "" })).timezone).toBe("Europe/London");
  });
});

describe("parseJobForm: fields of hidden groups are ignored", () => {
  it.each([
    { why: "single job: start/end date and frequency", form: { ...forms.single, start_date: "nonsense", end_date: "2020-01-01", frequency: "hourly" }, read: (job: JobFormData) => [job.startDate, job.endDate, job.frequency], expected: [null, null, null] },
    { why: "multi job: assigned driver", form: { ...forms.multi, assigned_driver_id: "not-a-driver" }, read: (job: JobFormData) => job.assignedDriverId, expected: null },
    { why: "multi job with number of loads: call-off load type", form: { ...forms.multi, call_off_load_type: "made_up" }, read: (job: JobFormData) => job.callOffLoadType, expected: null },
    { why: "single job without number of loads: call-off load type", form: { ...forms.single, number_of_loads: "", call_off_load_type: "made_up" }, read: (job: JobFormData) => job.callOffLoadType, expected: null },
    { why: "multi job: window dates of locations", form: { ...forms.multi, pickups: [{ ...leeds, window_date: "31/02/2027" }] }, read: (job: JobFormData) => job.pickups[0]?.windowDate, expected: null },
    { why: "multi job: contract duration and estimates", form: { ...forms.multi, contract_duration: "ten_years", additional_data: { load_estimates: [{ month: "x" }] } }, read: (job: JobFormData) => [job.contractDuration, job.loadEstimates], expected: [null, []] },
    { why: "contract job: end date, frequency, number of loads", form: { ...forms.contract, end_date: "bad", frequency: "bad", number_of_loads: "-3" }, read: (job: JobFormData) => [job.endDate, job.frequency, job.numberOfLoads], expected: ["2027-09-13", null, null] },
    { why: "shipping container: vehicle types, load condition, certifications", form: { ...forms.contract, vehicle_types: ["hovercraft"], load_condition: "damp", required_certifications: ["made_up"], vehicle_spec: "mega" }, read: (job: JobFormData) => [job.vehicleTypes, job.loadCondition, job.requiredCertifications, job.vehicleSpec], expected: [[], null, [], null] },
    { why: "no curtain-sider: vehicle specification", form: { ...forms.multi, vehicle_spec: "made_up" }, read: (job: JobFormData) => job.vehicleSpec, expected: null },
    { why: "drums: pallet fields and notes", form: { ...forms.multi, pallet_type: "made_up", quantity_eu: "999", pallet_size: "huge", additional_notes: "x".repeat(5000) }, read: (job: JobFormData) => [job.palletType, job.quantityEu, job.palletSize, job.additionalNotes], expected: [null, null, null, null] },
    { why: "palletised: container size and load quantity", form: { ...forms.single, container_size: "99ft", load_quantity: "lots" }, read: (job: JobFormData) => [job.containerSize, job.loadQuantity], expected: [null, null] },
    { why: "shipping container: total weight", form: { ...forms.contract, total_weight: "heavy" }, read: (job: JobFormData) => job.totalWeightKg, expected: null },
    { why: "all in GB: customs paperwork", form: { ...forms.contract, customs_paperwork: "made_up" }, read: (job: JobFormData) => job.customsPaperwork, expected: null },
    { why: "not an auction: auction times and price", form: { ...forms.single, is_auction: "0", auction_opens_at: "soon", secure_now_price: "12.50" }, read: (job: JobFormData) => [job.auctionOpensAt, job.secureNowPriceCents], expected: [null, null] },
  ])("$why", ({ form, read, expected }) => {
    expect(read(data(parseJobForm(form)))).toEqual(expected);
  });
});

describe("parseJobForm: pallet limits", () => {
  it.each([
    { field: "quantity_eu", max: 33 },
    { field: "quantity_standard", max: 26 },
    { field: "quantity_eu_double", max: 66 },
    { field: "quantity_standard_double", max: 52 },
    { field: "quantity_other", max: 64 },
  ])("$field takes up to $max and refuses $max + 1", ({ field, max }) => {
    expect(parseJobForm({ ...forms.single, quantity_eu: "", [field]: String(max) }).ok).toBe(true);
    expect(errors(parseJobForm({ ...forms.single, quantity_eu: "", [field]: String(max + 1) }))).toEqual({
      [field]: `At most ${max} pallets of this type fit on one vehicle`,
    });
  });

  it.each([
    { quantities: { quantity_eu: "" }, field: "quantity_eu", message: "Enter how many pallets" },
    { quantities: { quantity_eu: "0", quantity_standard: "0" }, field: "quantity_eu", message: "Enter how many pallets" },
    { quantities: { quantity_eu: "2.5" }, field: "quantity_eu", message: "Enter a whole number of pallets" },
    { quantities: { quantity_eu: "lots" }, field: "quantity_eu", message: "Enter the number of pallets as a number" },
    { quantities: { quantity_eu: "-1" }, field: "quantity_eu", message: "The number of pallets cannot be negative" },
  ])("refuses $quantities", ({ quantities, field, message }) => {
    expect(errors(parseJobForm({ ...forms.single, ...quantities }))).toEqual({ [field]: message });
  });

  it("asks for the quantity of the chosen pallet type", () => {
    expect(errors(parseJobForm({ ...forms.single, pallet_type: "standard_double", quantity_eu: "" }))).toEqual({ quantity_standard_double: "Enter how many pallets" });
  });

  it("accepts a mixed load", () => {
    const job = data(parseJobForm({ ...forms.single, quantity_eu: "10", quantity_standard: "5" }));
    expect([job.quantityEu, job.quantityStandard]).toEqual([10, 5]);
  });
});

describe("parseJobForm: locations", () => {
  it.each([
    { why: "no locations", change: { pickups: undefined, deliveries: undefined }, expected: { pickups: "Add at least one pickup location", deliveries: "Add at least one delivery location" } },
    { why: "empty lists", change: { pickups: [], deliveries: "" }, expected: { pickups: "Add at least one pickup location", deliveries: "Add at least one delivery location" } },
    { why: "only removed pickups", change: { pickups: [{ ...leeds, id: "5", _destroy: "1" }] }, expected: { pickups: "Add at least one pickup location" } },
    { why: "no address at all", change: { deliveries: [{ company_name: "Acme" }] }, expected: { "deliveries.0.full_address": "Enter an address, or a town or city and a country" } },
    { why: "city without country", change: { deliveries: [paris, { city: "Lyon" }] }, expected: { "deliveries.1.country_code": "Choose the country" } },
    { why: "country without city", change: { deliveries: [{ country_code: "FR" }] }, expected: { "deliveries.0.city": "Enter the town or city" } },
    { why: "a country that is not a code", change: { deliveries: [{ city: "Lyon", country_code: "France" }] }, expected: { "deliveries.0.country_code": "Choose a country from the list" } },
    { why: "a map position off the map", change: { deliveries: [{ ...paris, latitude: "91" }] }, expected: { "deliveries.0.latitude": "The map position could not be read; choose the place again" } },
  ])("$why", ({ change, expected }) => {
    expect(errors(parseJobForm({ ...forms.multi, ...change }))).toEqual(expected);
  });

  it("takes a full address alone", () => {
    const job = data(parseJobForm({ ...forms.multi, deliveries: [{ full_address: "Unit 4, Trafford Park, Manchester" }], customs_paperwork: "" }));
    expect(job.deliveries[0]).toMatchObject({ fullAddress: "Unit 4, Trafford Park, Manchester", city: null, countryCode: null });
  });

  it("does not check removed locations", () => {
    const job = data(parseJobForm({ ...forms.multi, deliveries: [paris, { id: "9", _destroy: "true", latitude: "999" }] }));
    expect(job.destroyedLocationIds).toEqual([9]);
  });
});

describe("parseJobForm: dates must agree", () => {
  it.each([
    { why: "multi: end before start", form: { ...forms.multi, end_date: "2027-02-28" }, expected: { end_date: "The end date must be on or after the start date" } },
    { why: "multi: no weekdays between the dates", form: { ...forms.multi, start_date: "2027-03-06", end_date: "2027-03-07" }, expected: { end_date: "There are no collection days between these dates" } },
    { why: "multi: more than 500 collection days", form: { ...forms.multi, number_of_loads: "", end_date: "2029-12-31", frequency: "daily" }, expected: { end_date: "This schedule has more than 500 collection days: choose an earlier end date or a less frequent schedule" } },
    { why: "multi: more than 1,000 loads", form: { ...forms.multi, number_of_loads: "101" }, expected: { number_of_loads: "This job would have 1,010 loads; a job can have at most 1,000" } },
    { why: "multi: unreal dates", form: { ...forms.multi, start_date: "30/02/2027", end_date: "2027-13-01" }, expected: { start_date: "Enter a real date, like 14/03/2027", end_date: "Enter a real date, like 14/03/2027" } },
    { why: "auction closes before it opens", form: { ...auctionable, is_auction: "1", auction_opens_at: "2027-03-02T09:00", auction_closes_at: "2027-03-02T09:00" }, expected: { auction_closes_at: "The auction must close after it opens" } },
    { why: "time window ends before it starts", form: { ...forms.multi, pickups: [{ ...leeds, window_from: "14:00", window_to: "09:00" }] }, expected: { "pickups.0.window_to": "The time window must end after it starts" } },
    { why: "single: delivery before collection", form: { ...forms.single, deliveries: [{ ...belfast, window_date: "2027-03-13" }] }, expected: { "deliveries.0.window_date": "The delivery date cannot be before the collection date" } },
    { why: "single: no collection date", form: { ...forms.single, pickups: [leeds] }, expected: { "pickups.0.window_date": "Enter the collection date" } },
    { why: "contract: months from another start date", form: { ...forms.contract, start_date: "2027-04-01" }, expected: { "additional_data.load_estimates": "The months no longer match the start date and duration: break the loads down per month again" } },
    { why: "contract: every month zero", form: { ...forms.contract, additional_data: { load_estimates: forms.contract.additional_data.load_estimates.map((row) => ({ ...row, number_of_loads: "0" })) } }, expected: { "additional_data.load_estimates": "Estimate at least one load" } },
  ])("$why", ({ form, expected }) => {
    expect(errors(parseJobForm(form))).toEqual(expected);
  });
});

describe("parseJobForm: required fields", () => {
  it("names every missing field of an empty form", () => {
    expect(errors(parseJobForm(undefined))).toEqual({
      job_type: "Choose the type of job",
      reference: "Enter a reference for the job",
      load_type: "Choose the type of load",
      loading_method: "Choose how the goods are loaded",
      vehicle_types: "Choose at least one vehicle type",
      pickups: "Add at least one pickup location",
      deliveries: "Add at least one delivery location",
    });
  });

  it.each([
    { why: "multi: schedule", form: { ...forms.multi, start_date: "", end_date: " ", frequency: undefined }, expected: { start_date: "Enter the start date", end_date: "Enter the end date", frequency: "Choose how often the loads go" } },
    { why: "contract: duration and estimates", form: { ...forms.contract, contract_duration: "", additional_data: undefined }, expected: { contract_duration: "Choose the contract duration", "additional_data.load_estimates": "Break the estimated loads down per month" } },
    { why: "contract: a month left blank", form: { ...forms.contract, additional_data: { load_estimates: [...forms.contract.additional_data.load_estimates.slice(0, 5), { month: "2027-08", number_of_loads: "" }] } }, expected: { "additional_data.load_estimates.5.number_of_loads": "Enter the estimated loads for this month" } },
    { why: "palletised: pallet type", form: { ...forms.single, pallet_type: "" }, expected: { pallet_type: "Choose the pallet type" } },
    { why: "container: size", form: { ...forms.contract, container_size: "" }, expected: { container_size: "Choose the container size" } },
    { why: "drums: how many", form: { ...forms.multi, load_quantity: "" }, expected: { load_quantity: "Enter how many drums" } },
    { why: "IBCs: how many", form: { ...forms.multi, load_type: "ibc", load_quantity: "" }, expected: { load_quantity: "Enter how many IBCs" } },
    { why: "GB to NI: customs paperwork", form: { ...forms.single, customs_paperwork: "" }, expected: { customs_paperwork: "Choose who handles the customs paperwork" } },
    { why: "auction: both times", form: { ...auctionable, is_auction: "on" }, expected: { auction_opens_at: "Enter when the auction opens", auction_closes_at: "Enter when the auction closes" } },
    { why: "vehicle types from the list only", form: { ...forms.multi, vehicle_types: ["box", "hovercraft"] }, expected: { vehicle_types: "Choose vehicle types from the list" } },
    { why: "a reference of 121 characters", form: { ...forms.multi, reference: "x".repeat(121) }, expected: { reference: "Keep the reference to 120 characters or fewer" } },
    { why: "an unknown time zone", form: { ...forms.multi, timezone: "Mars/Olympus_Mons" }, expected: { timezone: "Unknown time zone; reload the page and try again" } },
  ])("$why", ({ form, expected }) => {
    expect(errors(parseJobForm(form))).toEqual(expected);
  });

  it.each([
    { price: "450.50", message: "Enter the secure-now price in whole pounds, like 450" },
    { price: "four hundred", message: "Enter the secure-now price in whole pounds, like 450" },
    { price: "0", message: "The secure-now price must be at least £1" },
    { price: "1,000,001", message: "The secure-now price must be £1,000,000 or less" },
  ])("refuses a secure-now price of '$price'", ({ price, message }) => {
    const form = { ...auctionable, is_auction: "1", auction_opens_at: "2027-03-01T09:00", auction_closes_at: "2027-03-02T09:00", secure_now_price: price };
    expect(errors(parseJobForm(form))).toEqual({ secure_now_price: message });
  });

  it("reports field errors and cross-field errors of one submit together", () => {
    expect(errors(parseJobForm({ ...forms.multi, reference: "", end_date: "2027-02-01", pickups: [] }))).toEqual({
      reference: "Enter a reference for the job",
      end_date: "The end date must be on or after the start date",
      pickups: "Add at least one pickup location",
    });
  });

  it("hands back the posted values so the form can be shown again", () => {
    const result = parseJobForm({ ...forms.multi, reference: "" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.values).toMatchObject({ job_type: "multi", start_date: "2027-03-01", vehicle_types: ["box"] });
  });

  it("refuses a body that is not a form", () => {
    expect(errors(parseJobForm("job=1"))).toHaveProperty("base");
  });
});

describe("fieldName", () => {
  it.each([
    { path: "reference", name: "job[reference]" },
    { path: "pickups.0.city", name: "job[pickups][0][city]" },
    { path: "additional_data.load_estimates.2.number_of_loads", name: "job[additional_data][load_estimates][2][number_of_loads]" },
  ])("$path is posted as $name", ({ path, name }) => {
    expect(fieldName(path)).toBe(name);
  });
});
