import { describe, expect, it } from "vitest";
import {
  BOARD_SORTS, DEFAULT_BOARD_SORT, boardQuery, countryLabel, isFiltered, pageCount, parseBoardSort, parseRegionKey, readBoardFilters, regionKeyText, regionLabel,
} from "#domain/jobs/board-filters.ts";

describe("readBoardFilters", () => {
  it("reads every filter from the query string", () => {
    expect(readBoardFilters({ pickup_region: "GB:Northern Ireland", delivery_region: "FR", date: "2031-03-04", vehicle_type: "curtain_side", load_type: "ibc", sort: "closing", page: "3" })).toEqual({
      pickupRegion: { countryCode: "GB", region: "Northern Ireland" },
      deliveryRegion: { countryCode: "FR", region: null },
      date: "2031-03-04",
      vehicleType: "curtain_side",
      loadType: "ibc",
      sort: "closing",
      page: 3,
    });
  });

  it.each([
    { query: {}, field: "page", value: 1 },
    { query: { page: "0" }, field: "page", value: 1 },
    { query: { page: "-2" }, field: "page", value: 1 },
    { query: { page: "2.5" }, field: "page", value: 1 },
    { query: { page: "abc" }, field: "page", value: 1 },
    { query: { page: ["2", "3"] }, field: "page", value: 1 },
    { query: { page: "99999999" }, field: "page", value: 10_000 },
    { query: { date: "31/02/2031" }, field: "date", value: null },
    { query: { date: "2031-02-30" }, field: "date", value: null },
    { query: { vehicle_type: "spaceship" }, field: "vehicleType", value: null },
    { query: { load_type: ["ibc", "drums"] }, field: "loadType", value: null },
    { query: { pickup_region: "england" }, field: "pickupRegion", value: null },
    { query: { pickup_region: "G" }, field: "pickupRegion", value: null },
    { query: { pickup_region: "" }, field: "pickupRegion", value: null },
  ])("ignores what a page could not have sent: $query", ({ query, field, value }) => {
    expect(readBoardFilters(query)[field as keyof ReturnType<typeof readBoardFilters>]).toEqual(value);
  });

  it("knows when anything is filtered (an order filters nothing out)", () => {
    expect(isFiltered(readBoardFilters({ page: "2" }))).toBe(false);
    expect(isFiltered(readBoardFilters({ sort: "newest" }))).toBe(false);
    expect(isFiltered(readBoardFilters({ load_type: "drums" }))).toBe(true);
  });
});

describe("the board's order", () => {
  it("is soonest collection unless another is chosen", () => {
    expect(DEFAULT_BOARD_SORT).toBe("soonest");
    expect(readBoardFilters({}).sort).toBe("soonest");
    expect(BOARD_SORTS.map((sort) => sort.value)).toEqual(["soonest", "latest", "newest", "closing"]);
  });

  it.each([
    { sort: "soonest", read: "soonest" },
    { sort: "latest", read: "latest" },
    { sort: "newest", read: "newest" },
    { sort: "closing", read: "closing" },
    { sort: "", read: "soonest" },
    { sort: "LATEST", read: "soonest" },
    { sort: " latest", read: "soonest" },
    { sort: "price", read: "soonest" },
    { sort: "toString", read: "soonest" },
    { sort: ["latest", "newest"], read: "soonest" },
    { sort: 3, read: "soonest" },
    { sort: undefined, read: "soonest" },
  ])("reads sort=$sort as $read", ({ sort, read }) => {
    expect(readBoardFilters({ sort }).sort).toBe(read);
    if (!Array.isArray(sort)) expect(parseBoardSort(sort)).toBe(read);
  });
});

describe("boardQuery", () => {
  it("writes the filters back, dropping page 1", () => {
    const filters = readBoardFilters({ pickup_region: "GB:Scotland", load_type: "drums", page: "4" });
    expect(boardQuery(filters)).toBe("pickup_region=GB%3AScotland&load_type=drums&page=4");
    expect(boardQuery(filters, 1)).toBe("pickup_region=GB%3AScotland&load_type=drums");
  });

  it("keeps a chosen order, leaving the default one out", () => {
    expect(boardQuery(readBoardFilters({ load_type: "drums", sort: "latest", page: "2" }))).toBe("load_type=drums&sort=latest&page=2");
    expect(boardQuery(readBoardFilters({ sort: "closing" }), 3)).toBe("sort=closing&page=3");
    expect(boardQuery(readBoardFilters({ sort: "soonest", page: "2" }))).toBe("page=2");
    expect(boardQuery(readBoardFilters({ sort: "bogus" }))).toBe("");
  });

  it("round-trips through readBoardFilters", () => {
    const filters = readBoardFilters({ delivery_region: "GB:Northern Ireland", date: "2031-05-01", vehicle_type: "box", sort: "newest", page: "2" });
    expect(readBoardFilters(Object.fromEntries(new URLSearchParams(boardQuery(filters))))).toEqual(filters);
  });
});

describe("regions", () => {
  it.each([
    { key: { countryCode: "GB", region: "Northern Ireland" }, text: "GB:Northern Ireland", label: "Northern Ireland (UK)" },
    { key: { countryCode: "GB", region: null }, text: "GB", label: "United Kingdom" },
    { key: { countryCode: "FR", region: null }, text: "FR", label: "France" },
    { key: { countryCode: "DE", region: "Bavaria" }, text: "DE:Bavaria", label: "Bavaria, Germany" },
  ])("$text is labelled $label", ({ key, text, label }) => {
    expect(regionKeyText(key)).toBe(text);
    expect(parseRegionKey(text)).toEqual(key);
    expect(regionLabel(key)).toBe(label);
  });
});

describe("pageCount", () => {
  it.each([[0, 1], [1, 1], [20, 1], [21, 2], [1000, 50]])("%i jobs make %i pages of 20", (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });
});

describe("a country's name on the board", () => {
  it.each([
    ["GB", "United Kingdom"],
    ["FR", "France"],
    ["IE", "Ireland"],
    ["FR", "France"],
    ["not a code", "not a code"],
  ])("%s is %s, whether asked first or again", (code, label) => {
    expect(countryLabel(code)).toBe(label);
    expect(countryLabel(code)).toBe(label);
  });
});
