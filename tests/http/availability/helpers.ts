import { db } from "#db/client.server.ts";
import { createJob, type JobOverrides } from "../../support/job-fixtures.ts";

// What the planned-journey tests share: places on and off the Bristol → Leeds corridor, and jobs
// collecting at them. The journeys run in June 2027 (British Summer Time), clear of the fixtures' March jobs.

export const at = (city: string, latitude: number, longitude: number) => ({ city, latitude, longitude, countryCode: "GB", postCode: null });
export const GLOUCESTER = at("Gloucester", 51.8642, -2.2382); // about 8 miles off the route, 30 miles along it
export const BIRMINGHAM = at("Birmingham", 52.4814, -1.8998); // about 10 miles off
export const SHEFFIELD = at("Sheffield", 53.383, -1.4659); // about 11 miles off, 150 miles along
export const MANCHESTER = at("Manchester", 53.4808, -2.2426); // about 23 miles off
export const LONDON = at("London", 51.5072, -0.1276);

export const june = (day: number) => new Date(Date.UTC(2027, 5, day));

type Owner = { id: number; accountId: number };

/** An open single load collecting at `from` on a June day, delivering to London the next. */
export const jobAt = (owner: Owner, reference: string, from: object, day: number, columns: JobOverrides = {}) =>
  createJob(owner.accountId, owner.id, { reference, pickup: { ...from, windowDate: june(day) }, delivery: { ...LONDON, windowDate: june(day + 1) }, ...columns });

/** The form of a Bristol → Leeds journey, free at 08:00 on 7 June and arriving by 18:00 on the 8th. */
export const journeyForm = (fields: Record<string, string> = {}) => ({
  from_place: "Bristol", available_from: "2027-06-07T08:00", to_place: "Leeds", available_until: "2027-06-08T18:00", vehicle_type: "curtain_side", ...fields,
});

/** A journey stored directly (Bristol → Leeds unless told), for tests not about the form. */
export const storeJourney = (owner: Owner, columns: Record<string, unknown> = {}) =>
  db().vehicleAvailability.create({
    data: {
      accountId: owner.accountId, userId: owner.id, vehicleType: "curtain_side",
      fromPlace: "Bristol", fromLatitude: 51.45523, fromLongitude: -2.59665, availableFrom: new Date("2027-06-07T07:00:00Z"),
      toPlace: "Leeds", toLatitude: 53.79648, toLongitude: -1.54785, availableUntil: new Date("2027-06-08T17:00:00Z"),
      ...columns,
    },
  });

/** The job references listed in a table, in order. */
export const referencesIn = (html: string) => [...html.matchAll(/<tr data-job-id="\d+">\s*<td data-label="Job"><a href="\/jobs\/\d+">([^<]+)<\/a>/g)].map((m) => m[1]);
