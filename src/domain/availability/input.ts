import { z } from "zod";
import { VEHICLE_TYPES, valuesOf } from "#domain/jobs/catalogue.ts";
import { idText } from "#domain/loads/load-inputs.ts";
import { CHOOSE_ONE_OF_YOUR_VEHICLES, VEHICLE_TYPE_MESSAGE } from "#domain/vehicles/vehicle-input.ts";
import { zonedDateTimeToUtc } from "#domain/format/dates.ts";

// What the "post a vehicle as available" form sends: where and when the vehicle is free
// (`from_place`, `available_from`), where it is heading and by when (`to_place`, `available_until`,
// UK local times from datetime-local fields), and one of the company's vehicles (`vehicle_id`, which
// sets the type) or only a type (`vehicle_type`). Messages are keyed by the field they sit beside.

export const JOURNEY_FIELDS = ["from_place", "available_from", "to_place", "available_until", "vehicle_id", "vehicle_type"] as const;

/** A journey longer than this is a standing offer, not a planned trip: the corridor would be most of the country for a week. */
export const MAX_JOURNEY_DAYS = 7;
/** Live journeys (not yet past their arrival time) a company may have at once. */
export const MAX_LIVE_JOURNEYS = 20;
const PLACE_MAX_LENGTH = 120;
const DAY_MS = 86_400_000;

export const JOURNEY_MESSAGES = {
  fromPlace: "Enter where the vehicle will be free, a town or postcode",
  toPlace: "Enter where the vehicle is heading, a town or postcode",
  placeTooLong: `A place must be at most ${PLACE_MAX_LENGTH} characters`,
  availableFrom: "Enter when the vehicle is free, as a date and time",
  availableUntil: "Enter when the vehicle must arrive, as a date and time",
  untilAfterFrom: "The arrival time must be after the time the vehicle is free",
  tooLong: `A journey can last at most ${MAX_JOURNEY_DAYS} days`,
  past: "The arrival time must be in the future",
  vehicleType: VEHICLE_TYPE_MESSAGE,
  vehicle: CHOOSE_ONE_OF_YOUR_VEHICLES,
  tooMany: `Your company has ${MAX_LIVE_JOURNEYS} planned journeys: delete one before adding another`,
  unknownPlace: (typed: string) => `We could not find “${typed}”: enter a town or postcode in Great Britain`,
} as const;

const blank = (value: unknown) => value === undefined || value === null || value === "";
const placeText = (message: string) => z.string({ error: message }).trim().min(1, message).max(PLACE_MAX_LENGTH, JOURNEY_MESSAGES.placeTooLong);
const localTime = (message: string) => z.string({ error: message }).trim().transform((text, ctx) => {
  const at = zonedDateTimeToUtc(text);
  if (at) return at;
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
});

/** The form read against `now`: the journey must end in the future, after it starts, within a week. */
export function journeyInputSchema(now: Date) {
  return z.object({
    from_place: placeText(JOURNEY_MESSAGES.fromPlace),
    available_from: localTime(JOURNEY_MESSAGES.availableFrom),
    to_place: placeText(JOURNEY_MESSAGES.toPlace),
    available_until: localTime(JOURNEY_MESSAGES.availableUntil),
    vehicle_id: z.preprocess((value) => (blank(value) ? null : value), idText(JOURNEY_MESSAGES.vehicle).nullable()),
    vehicle_type: z.preprocess((value) => (blank(value) ? null : value), z.enum(valuesOf(VEHICLE_TYPES), JOURNEY_MESSAGES.vehicleType).nullable()),
  }).superRefine((input, ctx) => {
    const message = journeyTimesError(input.available_from, input.available_until, now);
    if (message) ctx.addIssue({ code: "custom", path: ["available_until"], message });
    if (input.vehicle_id === null && input.vehicle_type === null) ctx.addIssue({ code: "custom", path: ["vehicle_type"], message: JOURNEY_MESSAGES.vehicleType });
  });
}
export type JourneyInput = z.output<ReturnType<typeof journeyInputSchema>>;

/** What is wrong with the journey's times, if anything. */
export function journeyTimesError(from: Date, until: Date, now: Date): string | null {
  if (until.getTime() <= from.getTime()) return JOURNEY_MESSAGES.untilAfterFrom;
  if (until.getTime() - from.getTime() > MAX_JOURNEY_DAYS * DAY_MS) return JOURNEY_MESSAGES.tooLong;
  if (until.getTime() <= now.getTime()) return JOURNEY_MESSAGES.past;
  return null;
}
