// One pickup or delivery block of the job form: either the single
// full-address field, or the detailed fields with at least a town or city and a country.

import { z } from "zod";
import { calendarDate, decimal, optionalText, timeOfDay, unlessFailed, wholeNumber } from "./form-fields.ts";

const COUNTRY_CODE = /^[A-Za-z]{2}$/;
// Hidden inputs and map picks: a person never types these, so the messages stay short.
const UNREADABLE = { notNumber: "This location could not be read; remove it and add it again" };
const OFF_MAP = { notNumber: "The map position could not be read; choose the place again" };

function bounded(messages: { notNumber: string }, min: number, max: number) {
  return { min, max, tooSmall: messages.notNumber, tooBig: messages.notNumber };
}

const CountryCodeSchema = z
  .string()
  .regex(COUNTRY_CODE, { error: "Choose a country from the list" })
  .transform((code) => (code.toUpperCase() === "UK" ? "GB" : code.toUpperCase()))
  .optional();

const LocationFieldsSchema = z
  .object({
    id: wholeNumber(UNREADABLE, bounded(UNREADABLE, 1, Number.MAX_SAFE_INTEGER)).optional(),
    position: wholeNumber(UNREADABLE, bounded(UNREADABLE, 0, 10_000)).optional(),
    _destroy: z.boolean(),
    full_address: optionalText(300, "Keep the address to 300 characters or fewer"),
    address: optionalText(200, "Keep the street address to 200 characters or fewer"),
    city: optionalText(100, "Keep the town or city to 100 characters or fewer"),
    post_code: optionalText(16, "Enter a post code of 16 characters or fewer"),
    region: optionalText(100, "Keep the region to 100 characters or fewer"),
    country_code: CountryCodeSchema,
    company_name: optionalText(120, "Keep the company name to 120 characters or fewer"),
    latitude: decimal(OFF_MAP, bounded(OFF_MAP, -90, 90)).optional(),
    longitude: decimal(OFF_MAP, bounded(OFF_MAP, -180, 180)).optional(),
    window_date: calendarDate(),
    window_from: timeOfDay(),
    window_to: timeOfDay(),
  })
  .superRefine((location, ctx) => {
    if (location._destroy || !location.window_from || !location.window_to) return;
    if (location.window_to <= location.window_from) {
      ctx.addIssue({ code: "custom", path: ["window_to"], message: "The time window must end after it starts" });
    }
  }, unlessFailed("window_from", "window_to"));

/** A draft's location: whatever is filled must be valid, but the address may still be missing. */
export const DraftLocationSchema = LocationFieldsSchema;

export const LocationSchema = LocationFieldsSchema.superRefine((location, ctx) => {
  if (location._destroy || location.full_address) return;
  if (!location.city && !location.country_code) {
    ctx.addIssue({ code: "custom", path: ["full_address"], message: "Enter an address, or a town or city and a country" });
  } else if (!location.city) {
    ctx.addIssue({ code: "custom", path: ["city"], message: "Enter the town or city" });
  } else if (!location.country_code) {
    ctx.addIssue({ code: "custom", path: ["country_code"], message: "Choose the country" });
  }
}, unlessFailed("full_address", "city", "country_code"));
export type LocationFields = z.output<typeof LocationSchema>;

export type JobLocationData = {
  id: number | null;
  position: number;
  fullAddress: string | null;
  address: string | null;
  city: string | null;
  postCode: string | null;
  region: string | null;
  countryCode: string | null;
  companyName: string | null;
  latitude: number | null;
  longitude: number | null;
  windowDate: string | null;
  windowFrom: string | null;
  windowTo: string | null;
};

/** Kept (not destroyed) locations in posted order of `position`, renumbered 0, 1, 2 … */
export function locationData(locations: readonly LocationFields[]): JobLocationData[] {
  return locations
    .map((location, index) => ({ location, order: location.position ?? index, index }))
    .filter(({ location }) => !location._destroy)
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ location }, position) => ({
      id: location.id ?? null,
      position,
      fullAddress: location.full_address ?? null,
      address: location.address ?? null,
      city: location.city ?? null,
      postCode: location.post_code ?? null,
      region: location.region ?? null,
      countryCode: location.country_code ?? null,
      companyName: location.company_name ?? null,
      latitude: location.latitude ?? null,
      longitude: location.longitude ?? null,
      windowDate: location.window_date ?? null,
      windowFrom: location.window_from ?? null,
      windowTo: location.window_to ?? null,
    }));
}

/** Existing locations the form asked to remove. */
export function destroyedIds(locations: readonly LocationFields[]): number[] {
  return locations.flatMap((location) => (location._destroy && location.id ? [location.id] : []));
}
