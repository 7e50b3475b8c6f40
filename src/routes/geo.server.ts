import { Router } from "express";
import { z } from "zod";
import type { GeocodingProvider } from "#geo/provider.ts";

export const MAX_QUERY_LENGTH = 200;
export const MAX_ADDRESS_LENGTH = 500;

const AutocompleteQuerySchema = z.object({
  q: z.string().max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`).optional(),
});

const GeocodeRequestSchema = z.object({
  address: z.string().trim().min(1, "address is required").max(MAX_ADDRESS_LENGTH, `address must be at most ${MAX_ADDRESS_LENGTH} characters`),
  raw_address: z.enum(["true", "false"]).optional(),
});

// A coordinate in a query string: optional sign, digits with an optional decimal part, and an
// optional exponent (JavaScript writes 0.0000001 as "1e-7"). Matched rather than coerced, because
// Number("") is 0 and Number("0x10") is 16.
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

const coordinate = (name: string, limit: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a number`) })
    .trim()
    .min(1, `${name} is required`)
    .regex(DECIMAL, `${name} must be a number`)
    .transform(Number)
    .refine((value) => Math.abs(value) <= limit, `${name} must be between -${limit} and ${limit}`);

const NearestPlaceQuerySchema = z.object({ latitude: coordinate("latitude", 90), longitude: coordinate("longitude", 180) });

/** Address suggestions, geocoding and the map picker's nearest place, as JSON. The app mounts it behind sign-in. */
export const GEO_PATHS = ["/api/v1/address_autocomplete", "/api/v1/geocode_places/:address", "/api/v1/nearest_place"];

export function geoRouter(provider: GeocodingProvider): Router {
  const router = Router();

  router.get("/api/v1/address_autocomplete", async (req, res) => {
    const parsed = AutocompleteQuerySchema.safeParse(req.query);
    if (!parsed.success) return void res.status(422).json({ error: firstMessage(parsed.error) });
    const query = parsed.data.q ?? "";
    res.json(query.trim() ? await provider.autocomplete(query) : []);
  });

  router.get("/api/v1/geocode_places/:address", async (req, res) => {
    const parsed = GeocodeRequestSchema.safeParse({ ...req.query, address: req.params.address });
    if (!parsed.success) return void res.status(422).json({ error: firstMessage(parsed.error) });
    const { address, raw_address } = parsed.data;
    const result = await provider.geocode(address);
    if (!result) return void res.status(404).json({ error: "No place found for that address" });
    // raw_address: keep the address as typed (only whitespace tidied) instead of the normalised form.
    const formatted = raw_address === "true" ? address.replace(/\s+/g, " ") : result.formatted_address;
    res.json({ ...result, formatted_address: formatted });
  });

  // The map picker's pin: the known place nearest it, shaped like an autocomplete item (its own
  // coordinates, not the pin's), or 404 when no known place is near enough.
  router.get("/api/v1/nearest_place", async (req, res) => {
    const parsed = NearestPlaceQuerySchema.safeParse(req.query);
    if (!parsed.success) return void res.status(422).json({ error: firstMessage(parsed.error) });
    const { latitude, longitude } = parsed.data;
    const place = provider.nearest ? await provider.nearest(latitude, longitude) : null;
    if (!place) return void res.status(404).json({ error: "No known place near that point" });
    res.json(place);
  });

  return router;
}

const firstMessage = (error: z.ZodError) => error.issues[0]?.message ?? "Invalid request";
