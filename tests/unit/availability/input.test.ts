import { describe, expect, it } from "vitest";
import { JOURNEY_MESSAGES, journeyInputSchema, journeyTimesError } from "#domain/availability/input.ts";
import { VehiclesQuerySchema, isBlankSearch, NEAR_MESSAGE, ON_MESSAGE, JOB_MESSAGE } from "#domain/availability/vehicles-query.ts";

const NOW = new Date("2027-06-01T12:00:00Z");
const at = (iso: string) => new Date(iso);
const form = { from_place: "Bristol", available_from: "2027-06-07T08:00", to_place: "Leeds", available_until: "2027-06-08T18:00", vehicle_type: "curtain_side" };

describe("journeyTimesError", () => {
  it.each([
    ["a day's journey", "2027-06-07T08:00Z", "2027-06-08T08:00Z", null],
    ["arriving when it is free", "2027-06-07T08:00Z", "2027-06-07T08:00Z", JOURNEY_MESSAGES.untilAfterFrom],
    ["arriving before it is free", "2027-06-07T08:00Z", "2027-06-07T07:59Z", JOURNEY_MESSAGES.untilAfterFrom],
    ["exactly 7 days", "2027-06-07T08:00Z", "2027-06-14T08:00Z", null],
    ["7 days and a minute", "2027-06-07T08:00Z", "2027-06-14T08:01Z", JOURNEY_MESSAGES.tooLong],
    ["ending now", "2027-06-01T08:00Z", "2027-06-01T12:00Z", JOURNEY_MESSAGES.past],
    ["free already, ending a minute from now", "2027-06-01T08:00Z", "2027-06-01T12:01Z", null],
  ])("%s", (_name, from, until, message) => {
    expect(journeyTimesError(at(from), at(until), NOW)).toBe(message);
  });
});

describe("journeyInputSchema", () => {
  it("reads UK local times (BST in June) and a type or a vehicle", () => {
    const parsed = journeyInputSchema(NOW).parse(form);
    expect(parsed.available_from.toISOString()).toBe("2027-06-07T07:00:00.000Z");
    expect(parsed).toMatchObject({ from_place: "Bristol", to_place: "Leeds", vehicle_type: "curtain_side", vehicle_id: null });
    expect(journeyInputSchema(NOW).parse({ ...form, vehicle_type: "", vehicle_id: "12" })).toMatchObject({ vehicle_type: null, vehicle_id: 12 });
  });

  it.each([
    ["from_place", { from_place: "" }, JOURNEY_MESSAGES.fromPlace],
    ["from_place", { from_place: "x".repeat(121) }, JOURNEY_MESSAGES.placeTooLong],
    ["to_place", { to_place: ["Leeds"] }, JOURNEY_MESSAGES.toPlace],
    ["available_from", { available_from: "2027-13-01T08:00" }, JOURNEY_MESSAGES.availableFrom],
    ["available_until", { available_until: "tomorrow" }, JOURNEY_MESSAGES.availableUntil],
    ["vehicle_type", { vehicle_type: "" }, JOURNEY_MESSAGES.vehicleType],
    ["vehicle_id", { vehicle_id: "0" }, JOURNEY_MESSAGES.vehicle],
    ["vehicle_id", { vehicle_id: "1e3" }, JOURNEY_MESSAGES.vehicle],
  ])("%s refused: %j", (field, fields, message) => {
    const parsed = journeyInputSchema(NOW).safeParse({ ...form, ...fields });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
});

describe("VehiclesQuerySchema", () => {
  it.each([
    [{ near: "Leeds", on: "2027-06-07" }, { job_id: null, near: "Leeds", on: "2027-06-07" }],
    [{ job_id: "5" }, { job_id: 5, near: null, on: null }],
  ])("reads %j", (query, expected) => {
    expect(VehiclesQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([
    [{ on: "2027-06-07" }, "near", NEAR_MESSAGE],
    [{ near: "Leeds" }, "on", ON_MESSAGE],
    [{ near: "Leeds", on: "2027-02-29" }, "on", ON_MESSAGE],
    [{ near: "Leeds", on: "7 June" }, "on", ON_MESSAGE],
    [{ job_id: "abc" }, "job_id", JOB_MESSAGE],
  ])("refuses %j beside %s", (query, field, message) => {
    const parsed = VehiclesQuerySchema.safeParse(query);
    expect(parsed.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it.each([[{}, true], [{ near: "" }, true], [{ near: "Leeds" }, false], [{ job_id: "1" }, false]])("blank search %j: %s", (query, blank) => {
    expect(isBlankSearch(query)).toBe(blank);
  });
});
