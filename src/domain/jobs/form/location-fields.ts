// One pickup or delivery of the job form, as a table like the job's own (fields.ts): how each
// posted value is checked, what it becomes in the data and its JobLocation column, and how a stored
// location gives it back to the form. A location is either the single full-address field, or the
// detailed fields with at least a town or city and a country.

import { z } from "zod";
import { calendarDate, decimal, optionalText, timeOfDay, unlessFailed, wholeNumber } from "./checks.ts";
import { calendarDateText, calendarDateValue } from "../stored-values.ts";

// Hidden inputs and map picks: a person never types these, so the messages stay short.
const UNREADABLE = { notNumber: "This location could not be read; remove it and add it again" };
const OFF_MAP = { notNumber: "The map position could not be read; choose the place again" };
const bounded = (messages: { notNumber: string }, min: number, max: number) => ({ min, max, tooSmall: messages.notNumber, tooBig: messages.notNumber });

const CountryCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { error: "Choose a country from the list" })
  .transform((code) => (code.toUpperCase() === "UK" ? "GB" : code.toUpperCase()))
  .optional();

type LocationFieldSpec = {
  /** Key in the location's data and its JobLocation column. */
  key: string;
  check: z.ZodType;
  /** The data as the column stores it (default: as is). */
  store?: (value: never) => unknown;
  /** The stored column as the form posts it (default: its text). */
  load?: (stored: never) => string | undefined;
  /** Shown on the job and load pages under this label. */
  label?: string;
  /** A phone number shown as a link that rings it. */
  phone?: true;
};

/** A phone number as people write them ("+44 113 496 0000", "0113 496 0000 ext. 12"), at least 6 digits. */
function phoneNumber() {
  return z
    .string()
    .trim()
    .max(30, { error: "Keep the phone number to 30 characters or fewer" })
    .refine((value) => value === "" || (/^\+?[0-9 ()./-]+(\s*(ext\.?|x)\s*[0-9]+)?$/i.test(value) && (value.match(/[0-9]/g) ?? []).length >= 6), {
      error: "Enter a phone number, like 0113 496 0000",
    })
    .optional();
}

const calendarColumn = { store: (value: string | null) => calendarDateValue(value), load: (stored: Date | null) => calendarDateText(stored) };

/** By the name the form posts: `job[pickups][0][<name>]`. */
export const LOCATION_FIELDS = {
  full_address: { key: "fullAddress", check: optionalText(300, "Keep the address to 300 characters or fewer") },
  address: { key: "address", check: optionalText(200, "Keep the street address to 200 characters or fewer") },
  city: { key: "city", check: optionalText(100, "Keep the town or city to 100 characters or fewer") },
  post_code: { key: "postCode", check: optionalText(16, "Enter a post code of 16 characters or fewer") },
  region: { key: "region", check: optionalText(100, "Keep the region to 100 characters or fewer") },
  country_code: { key: "countryCode", check: CountryCodeSchema },
  company_name: { key: "companyName", check: optionalText(120, "Keep the company name to 120 characters or fewer") },
  latitude: { key: "latitude", check: decimal(OFF_MAP, bounded(OFF_MAP, -90, 90)).optional() },
  longitude: { key: "longitude", check: decimal(OFF_MAP, bounded(OFF_MAP, -180, 180)).optional() },
  window_date: { key: "windowDate", check: calendarDate(), ...calendarColumn },
  window_from: { key: "windowFrom", check: timeOfDay() },
  window_to: { key: "windowTo", check: timeOfDay() },
  booking_reference: {
    key: "bookingReference",
    check: optionalText(100, "Keep the booking-in reference to 100 characters or fewer"),
    label: "Booking-in reference",
  },
  // Who the driver asks for at the site, and how to reach them on the day.
  contact_name: { key: "contactName", check: optionalText(100, "Keep the contact's name to 100 characters or fewer"), label: "Site contact" },
  contact_phone: { key: "contactPhone", check: phoneNumber(), label: "Contact phone", phone: true },
} as const satisfies Record<string, LocationFieldSpec>;

export type LocationFieldName = keyof typeof LOCATION_FIELDS;
export const LOCATION_FIELD_NAMES = Object.keys(LOCATION_FIELDS) as LocationFieldName[];
export const locationFieldList = () => Object.entries(LOCATION_FIELDS) as [LocationFieldName, LocationFieldSpec][];

/** The fields a location shows on the job and load pages, with their labels. */
export const LOCATION_FACTS = locationFieldList().flatMap(([, spec]) => (spec.label ? [{ key: spec.key, label: spec.label, phone: spec.phone === true }] : []));

/** Bookkeeping the form posts beside the fields: the row id, its order, and the remove flag. */
const BOOKKEEPING_CHECKS = {
  id: wholeNumber(UNREADABLE, bounded(UNREADABLE, 1, Number.MAX_SAFE_INTEGER)).optional(),
  position: wholeNumber(UNREADABLE, bounded(UNREADABLE, 0, 10_000)).optional(),
  _destroy: z.boolean(),
};

type Checks = { [N in LocationFieldName]: (typeof LOCATION_FIELDS)[N]["check"] };
const fieldChecks = Object.fromEntries(locationFieldList().map(([name, spec]) => [name, spec.check])) as Checks;

const LocationFieldsSchema = z
  .object({ ...BOOKKEEPING_CHECKS, ...fieldChecks })
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

type KeyOf<N extends LocationFieldName> = (typeof LOCATION_FIELDS)[N]["key"];
type Value<N extends LocationFieldName> = Exclude<LocationFields[N], undefined> | null;

/** A validated location, keyed as its columns are: { fullAddress, city, windowDate, bookingReference … }. */
export type JobLocationData = { id: number | null; position: number } & { [N in LocationFieldName as KeyOf<N>]: Value<N> };

/** Kept (not destroyed) locations in posted order of `position`, renumbered 0, 1, 2 … */
export function locationData(locations: readonly LocationFields[]): JobLocationData[] {
  return locations
    .map((location, index) => ({ location, order: location.position ?? index, index }))
    .filter(({ location }) => !location._destroy)
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ location }, position) => {
      const values = locationFieldList().map(([name, spec]) => [spec.key, location[name] ?? null]);
      return { id: location.id ?? null, position, ...Object.fromEntries(values) } as JobLocationData;
    });
}

/** Existing locations the form asked to remove. */
export function destroyedIds(locations: readonly LocationFields[]): number[] {
  return locations.flatMap((location) => (location._destroy && location.id ? [location.id] : []));
}

/** The columns of a JobLocation row (without its job). */
export function locationColumnsOf(kind: "pickup" | "delivery", location: JobLocationData) {
  const columns = locationFieldList().map(([, spec]) => {
    const value = location[spec.key as keyof JobLocationData];
    return [spec.key, spec.store ? spec.store(value as never) : value];
  });
  return { kind, position: location.position, ...Object.fromEntries(columns) } as { kind: string; position: number } & Omit<JobLocationData, "id" | "position" | "windowDate"> & { windowDate: Date | null };
}

/** A stored location as its form block posts it. */
export function locationFormValues(stored: Record<string, unknown>): Record<LocationFieldName, string | undefined> {
  const text = (value: unknown) => (value === null || value === undefined ? undefined : String(value));
  const values = locationFieldList().map(([name, spec]) => [name, spec.load ? spec.load(stored[spec.key] as never) : text(stored[spec.key])]);
  return Object.fromEntries(values) as Record<LocationFieldName, string | undefined>;
}
