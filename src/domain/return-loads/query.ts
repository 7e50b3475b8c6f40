import { z } from "zod";

// The return-loads search as the page's GET form sends it: how far from the delivery point a
// collection may be (whole miles, 25 unless widened, at most 100) and where the return load should
// go (towards the carrier's base, or anywhere).

export const DEFAULT_RADIUS_MILES = 25;
export const MAX_RADIUS_MILES = 100;
/** At most this many return loads are listed, nearest first. */
export const RETURN_LOADS_LIMIT = 20;

export const RADIUS_MESSAGE = `Enter a radius from 1 to ${MAX_RADIUS_MILES} miles`;
export const TOWARDS_MESSAGE = "Choose towards your base or anywhere";

export const TOWARDS = ["anywhere", "base"] as const;
export type Towards = (typeof TOWARDS)[number];

const blank = (value: unknown) => value === undefined || value === "";

const RadiusSchema = z.preprocess(
  (value) => (blank(value) ? String(DEFAULT_RADIUS_MILES) : value),
  z.string(RADIUS_MESSAGE).trim().regex(/^[0-9]{1,3}$/, RADIUS_MESSAGE).transform(Number)
    .pipe(z.number().int().min(1, RADIUS_MESSAGE).max(MAX_RADIUS_MILES, RADIUS_MESSAGE)),
);

const TowardsSchema = z.preprocess((value) => (blank(value) ? "anywhere" : value), z.enum(TOWARDS, TOWARDS_MESSAGE));

/** `?radius=&towards=`: blank or missing fields take their defaults (25 miles, anywhere). */
export const ReturnLoadsQuerySchema = z.object({ radius: RadiusSchema, towards: TowardsSchema });
export type ReturnLoadsQuery = z.output<typeof ReturnLoadsQuerySchema>;

export const DEFAULT_RETURN_LOADS_QUERY: ReturnLoadsQuery = { radius: DEFAULT_RADIUS_MILES, towards: "anywhere" };
