import { describe, expect, it } from "vitest";
import {
  DIGEST_INTERVAL_MS, SEARCH_MESSAGES, cleanSearchName, describeSearch, digestDue, matchesSearch, savedFilters, searchNameError,
  type MatchableJob, type SavedFilters,
} from "#domain/jobs/saved-search.ts";

// The agreement of matchesSearch with the board's SQL is checked against the real database in
// tests/http/saved-searches/matcher-agrees-with-board.test.ts.

const NONE: SavedFilters = { pickupRegion: null, deliveryRegion: null, date: null, vehicleType: null, loadType: null };
const filters = (query: Record<string, string>) => savedFilters.fromQuery(query);
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

describe("savedFilters", () => {
  it("keeps the board's filters, not its page or order", () => {
    const kept = filters({ pickup_region: "GB:England", delivery_region: "GB:Scotland", date: "2031-03-03", vehicle_type: "curtain_side", load_type: "palletised", sort: "newest", page: "4" });
    expect(kept).toEqual({
      pickupRegion: { countryCode: "GB", region: "England" },
      deliveryRegion: { countryCode: "GB", region: "Scotland" },
      date: "2031-03-03",
      vehicleType: "curtain_side",
      loadType: "palletised",
    });
    expect(savedFilters.query(kept)).toBe("pickup_region=GB%3AEngland&delivery_region=GB%3AScotland&date=2031-03-03&vehicle_type=curtain_side&load_type=palletised");
  });

  it("stores the board's query names as JSON and reads them back", () => {
    const kept = filters({ delivery_region: "FR", vehicle_type: "box" });
    const text = savedFilters.serialise(kept);
    expect(JSON.parse(text)).toEqual({ delivery_region: "FR", vehicle_type: "box" });
    expect(savedFilters.parse(text)).toEqual(kept);
  });

  it.each([
    ["unknown keys", '{"delivery_region":"GB:Wales","colour":"blue","sort":"closing","page":"3"}', { ...NONE, deliveryRegion: { countryCode: "GB", region: "Wales" } }],
    ["an option since removed", '{"vehicle_type":"spaceship","load_type":"drums"}', { ...NONE, loadType: "drums" }],
    ["a day that does not exist", '{"date":"2031-02-30","load_type":"ibc"}', { ...NONE, loadType: "ibc" }],
    ["a list where one value belongs", '{"load_type":["ibc","drums"]}', NONE],
    ["unreadable JSON", "{not json", NONE],
    ["JSON that is not an object", '["GB:Wales"]', NONE],
    ["null", "null", NONE],
    ["nothing", "", NONE],
  ])("reads stored text tolerantly: %s", (_case, text, expected) => {
    expect(savedFilters.parse(text)).toEqual(expected);
  });

  it("knows a search that filters nothing", () => {
    expect(savedFilters.isEmpty(filters({ sort: "newest", page: "2" }))).toBe(true);
    expect(savedFilters.isEmpty(filters({ date: "2031-01-01" }))).toBe(false);
    expect(savedFilters.query(NONE)).toBe("");
  });
});

describe("matchesSearch: the board's rules", () => {
  const job = (overrides: Partial<MatchableJob> = {}): MatchableJob => ({
    locations: [
      { kind: "pickup", countryCode: "GB", region: "England" },
      { kind: "pickup", countryCode: "GB", region: "Wales" },
      { kind: "delivery", countryCode: "FR", region: "Île-de-France" },
    ],
    startDate: day("2031-03-10"),
    endDate: null,
    vehicleTypes: ["curtain_side", "artic"],
    loadType: "palletised",
    ...overrides,
  });

  it.each([
    ["no filters", {}, job(), true],
    ["pickup nation, first pickup", { pickup_region: "GB:England" }, job(), true],
    ["pickup nation, a later pickup", { pickup_region: "GB:Wales" }, job(), true],
    ["pickup nation not collected from", { pickup_region: "GB:Scotland" }, job(), false],
    ["pickup country, any region in it", { pickup_region: "GB" }, job(), true],
    ["a delivery place is not a pickup", { pickup_region: "FR" }, job(), false],
    ["delivery country", { delivery_region: "FR" }, job(), true],
    ["delivery region abroad", { delivery_region: "FR:Île-de-France" }, job(), true],
    ["region names are exact", { pickup_region: "GB:england" }, job(), false],
    ["a place with no country matches no region", { pickup_region: "GB" }, job({ locations: [{ kind: "pickup", countryCode: null, region: "England" }] }), false],
    ["collecting on the day", { date: "2031-03-10" }, job(), true],
    ["collecting after the day", { date: "2031-03-01" }, job(), true],
    ["collecting before the day", { date: "2031-03-11" }, job(), false],
    ["a schedule still running on the day", { date: "2031-05-01" }, job({ startDate: day("2031-03-01"), endDate: day("2031-06-30") }), true],
    ["a schedule over by the day", { date: "2031-07-01" }, job({ startDate: day("2031-03-01"), endDate: day("2031-06-30") }), false],
    ["no dates at all", { date: "2031-01-01" }, job({ startDate: null }), false],
    ["only an end date, still to come", { date: "2031-01-01" }, job({ startDate: null, endDate: day("2031-02-01") }), true],
    ["a vehicle the job asks for", { vehicle_type: "artic" }, job(), true],
    ["a vehicle the job does not ask for", { vehicle_type: "box" }, job(), false],
    ["a job open to any vehicle matches no vehicle filter", { vehicle_type: "box" }, job({ vehicleTypes: [] }), false],
    ["the load type", { load_type: "palletised" }, job(), true],
    ["another load type", { load_type: "drums" }, job(), false],
    ["every filter met", { pickup_region: "GB:Wales", delivery_region: "FR", date: "2031-03-10", vehicle_type: "curtain_side", load_type: "palletised" }, job(), true],
    ["all but one met", { pickup_region: "GB:Wales", delivery_region: "FR", date: "2031-03-10", vehicle_type: "curtain_side", load_type: "ibc" }, job(), false],
  ])("%s", (_case, query, candidate, expected) => {
    expect(matchesSearch(filters(query as Record<string, string>), candidate)).toBe(expected);
  });
});

describe("describeSearch", () => {
  it.each([
    [{ pickup_region: "GB:England", delivery_region: "GB:Scotland", vehicle_type: "curtain_side", date: "2031-03-03" }, "England → Scotland · curtain-sider · from 3 Mar 2031"],
    [{ pickup_region: "GB:Wales" }, "From Wales"],
    [{ delivery_region: "FR" }, "To France"],
    [{ pickup_region: "GB", delivery_region: "DE:Bavaria" }, "United Kingdom → Bavaria, Germany"],
    [{ load_type: "ibc" }, "IBCs"],
    [{ load_type: "without_pallets", vehicle_type: "hiab" }, "HIAB (lorry-mounted crane) · loose (without pallets)"],
    [{ vehicle_type: "box" }, "Box body"],
    [{ date: "2031-12-25" }, "From 25 Dec 2031"],
    [{}, "Any job"],
  ])("%j → %s", (query, expected) => {
    expect(describeSearch(filters(query))).toBe(expected);
  });
});

describe("search names", () => {
  it.each([
    ["  Leeds   to\nScotland ", "Leeds to Scotland"],
    [42, ""],
    [undefined, ""],
  ])("cleans %j to %j", (value, expected) => {
    expect(cleanSearchName(value)).toBe(expected);
  });

  it.each([
    ["", SEARCH_MESSAGES.nameBlank],
    ["x".repeat(60), null],
    ["x".repeat(61), SEARCH_MESSAGES.nameTooLong],
    ["é".repeat(60), null],
  ])("a name of %j → %j", (name, expected) => {
    expect(searchNameError(name)).toBe(expected);
  });
});

describe("digestDue: at most one digest an hour", () => {
  const now = new Date("2031-03-03T12:00:00Z");
  it.each([
    ["never sent", null, true],
    ["sent a minute ago", new Date(now.getTime() - 60_000), false],
    ["sent 59 minutes ago", new Date(now.getTime() - 59 * 60_000), false],
    ["sent exactly an hour ago", new Date(now.getTime() - DIGEST_INTERVAL_MS), true],
    ["sent yesterday", new Date(now.getTime() - 86_400_000), true],
    ["stamped in the future (a clock set back)", new Date(now.getTime() + 60_000), false],
  ])("%s → %s", (_case, last, expected) => {
    expect(digestDue(last, now)).toBe(expected);
  });
});
