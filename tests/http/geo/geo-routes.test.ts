import express from "express";
import request from "supertest";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AutocompleteItem, GeocodeResult } from "#domain/geo/address-result.ts";
import { OfflineGazetteer, loadPlaceIndex } from "../../../src/geo/offline-gazetteer.server.ts";
import type { GeocodingProvider } from "../../../src/geo/provider.ts";
import { geoRouter } from "../../../src/routes/geo.server.ts";

const appWith = (provider: GeocodingProvider) => express().use(geoRouter(provider));

const belfast: GeocodeResult = {
  address_components: [{ long_name: "Belfast", short_name: "Belfast", types: ["locality", "political"] }],
  formatted_address: "Belfast, UK",
};

function fakeProvider(items: AutocompleteItem[] = [], result: GeocodeResult | null = belfast) {
  return { autocomplete: vi.fn(async () => items), geocode: vi.fn(async () => result) } satisfies GeocodingProvider;
}

describe("GET /api/v1/address_autocomplete", () => {
  it("answers the provider's items as JSON", async () => {
    const provider = fakeProvider([{ label: "Leeds, England, UK", city: "Leeds" }]);
    const response = await request(appWith(provider)).get("/api/v1/address_autocomplete").query({ q: "Lee" }).expect(200);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.body).toEqual([{ label: "Leeds, England, UK", city: "Leeds" }]);
    expect(provider.autocomplete).toHaveBeenCalledWith("Lee");
  });

  it.each([
    { why: "no q", query: {} },
    { why: "an empty q", query: { q: "" } },
    { why: "a blank q", query: { q: "   " } },
  ])("answers [] for $why without asking the provider", async ({ query }) => {
    const provider = fakeProvider([{ label: "never" }]);
    const response = await request(appWith(provider)).get("/api/v1/address_autocomplete").query(query).expect(200);
    expect(response.body).toEqual([]);
    expect(provider.autocomplete).not.toHaveBeenCalled();
  });

  it("accepts q of 200 characters", async () => {
    await request(appWith(fakeProvider())).get("/api/v1/address_autocomplete").query({ q: "a".repeat(200) }).expect(200);
  });

  it("rejects q longer than 200 characters with a JSON 422", async () => {
    const provider = fakeProvider();
    const response = await request(appWith(provider)).get("/api/v1/address_autocomplete").query({ q: "a".repeat(201) }).expect(422);
    expect(response.body).toEqual({ error: "q must be at most 200 characters" });
    expect(provider.autocomplete).not.toHaveBeenCalled();
  });

  it("rejects a repeated q with a JSON 422", async () => {
    const response = await request(appWith(fakeProvider())).get("/api/v1/address_autocomplete?q=a&q=b").expect(422);
    expect(response.body.error).toEqual(expect.any(String));
  });
});

describe("GET /api/v1/geocode_places/:address", () => {
  it("answers address_components and formatted_address", async () => {
    const provider = fakeProvider();
    const response = await request(appWith(provider)).get(`/api/v1/geocode_places/${encodeURIComponent("Belfast, UK")}`).expect(200);
    expect(response.body).toEqual(belfast);
    expect(provider.geocode).toHaveBeenCalledWith("Belfast, UK");
  });

  it("answers 404 JSON when nothing is found", async () => {
    const response = await request(appWith(fakeProvider([], null))).get("/api/v1/geocode_places/Atlantis").expect(404);
    expect(response.body).toEqual({ error: "No place found for that address" });
  });

  it("with raw_address=true keeps the address as typed in formatted_address", async () => {
    const typed = "unit 4,  belfast";
    const response = await request(appWith(fakeProvider()))
      .get(`/api/v1/geocode_places/${encodeURIComponent(typed)}`)
      .query({ raw_address: "true" })
      .expect(200);
    expect(response.body).toEqual({ ...belfast, formatted_address: "unit 4, belfast" });
  });

  it("with raw_address=false normalises as usual", async () => {
    const response = await request(appWith(fakeProvider())).get("/api/v1/geocode_places/belfast").query({ raw_address: "false" }).expect(200);
    expect(response.body.formatted_address).toBe("Belfast, UK");
  });

  it("rejects an unreadable raw_address with a JSON 422", async () => {
    const response = await request(appWith(fakeProvider())).get("/api/v1/geocode_places/belfast").query({ raw_address: "yes" }).expect(422);
    expect(response.body.error).toEqual(expect.any(String));
  });

  it.each([
    { why: "blank", address: "%20%20" },
    { why: "over 500 characters", address: "a".repeat(501) },
  ])("rejects a $why address with a JSON 422", async ({ address }) => {
    const provider = fakeProvider();
    const response = await request(appWith(provider)).get(`/api/v1/geocode_places/${address}`).expect(422);
    expect(response.body.error).toEqual(expect.any(String));
    expect(provider.geocode).not.toHaveBeenCalled();
  });
});

describe("geo routes on the offline gazetteer", () => {
  let app: express.Express;

  beforeAll(async () => {
    const index = await loadPlaceIndex();
    app = appWith(new OfflineGazetteer(async () => index));
  }, 30_000);

  it("suggests Manchester for 'Manch'", async () => {
    const response = await request(app).get("/api/v1/address_autocomplete").query({ q: "Manch" }).expect(200);
    expect(response.body[0]).toMatchObject({ label: "Manchester, England, UK", city: "Manchester", region: "England", country_code: "GB" });
  });

  it("answers at most 10 suggestions", async () => {
    const response = await request(app).get("/api/v1/address_autocomplete").query({ q: "B" }).expect(200);
    expect(response.body).toHaveLength(10);
  });

  it("geocodes a full UK address", async () => {
    const address = "Unit 4, Trafford Park, Manchester M17 1AB, GB";
    const response = await request(app).get(`/api/v1/geocode_places/${encodeURIComponent(address)}`).expect(200);
    expect(response.body.formatted_address).toBe("Unit 4, Trafford Park, Manchester M17 1AB, UK");
    expect(response.body.address_components).toContainEqual({ long_name: "M17 1AB", short_name: "M17 1AB", types: ["postal_code"] });
  });

  it("geocodes a Northern Irish postcode to Northern Ireland", async () => {
    const response = await request(app).get("/api/v1/geocode_places/BT1%201AA").expect(200);
    expect(response.body.address_components).toContainEqual({
      long_name: "Northern Ireland", short_name: "Northern Ireland", types: ["administrative_area_level_1", "political"],
    });
  });

  it("answers 404 for an address naming nothing known", async () => {
    await request(app).get("/api/v1/geocode_places/Xqzwv%20Blorp").expect(404);
  });
});
