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

/** Address suggestions and geocoding for the job form, as JSON. The app mounts it behind sign-in. */
export const GEO_PATHS = ["/api/v1/address_autocomplete", "/api/v1/geocode_places/:address"];

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

  return router;
}

const firstMessage = (error: z.ZodError) => error.issues[0]?.message ?? "Invalid request";
