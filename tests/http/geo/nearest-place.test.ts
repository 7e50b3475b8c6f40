import express from "express";
import request from "supertest";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { OfflineGazetteer, loadPlaceIndex } from "../../../src/geo/offline-gazetteer.server.ts";
import type { GeocodingProvider, NearestPlace } from "../../../src/geo/provider.ts";
import { geoRouter } from "../../../src/routes/geo.server.ts";
import { agent, signedInAgent, testApp } from "../../support/app.ts";
import { createCarrier } from "../../support/fixtures.ts";

const appWith = (provider: GeocodingProvider) => express().use(geoRouter(provider));

const leeds: NearestPlace = { label: "Leeds, England, UK", city: "Leeds", region: "England", country_code: "GB", latitude: 53.79648, longitude: -1.54785 };

function fakeProvider(answer: NearestPlace | null = leeds) {
  return { autocomplete: vi.fn(async () => []), geocode: vi.fn(async () => null), nearest: vi.fn(async () => answer) } satisfies GeocodingProvider;
}

describe("GET /api/v1/nearest_place", () => {
  it("answers the provider's place as JSON", async () => {
    const provider = fakeProvider();
    const response = await request(appWith(provider)).get("/api/v1/nearest_place").query({ latitude: "53.8", longitude: "-1.55" }).expect(200);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.body).toEqual(leeds);
    expect(provider.nearest).toHaveBeenCalledWith(53.8, -1.55);
  });

  it.each([
    { latitude: "90", longitude: "180" },
    { latitude: "-90", longitude: "-180" },
    { latitude: " 0 ", longitude: "+0.5" },
    { latitude: "53", longitude: ".5" },
    { latitude: "51.5", longitude: "-1.2e-7" },
  ])("accepts latitude $latitude and longitude $longitude", async (query) => {
    await request(appWith(fakeProvider())).get("/api/v1/nearest_place").query(query).expect(200);
  });

  it("answers 404 JSON when no known place is near", async () => {
    const response = await request(appWith(fakeProvider(null))).get("/api/v1/nearest_place").query({ latitude: "55", longitude: "2" }).expect(404);
    expect(response.body).toEqual({ error: "No known place near that point" });
  });

  it("answers 404 when the provider cannot name places by position", async () => {
    const provider = { autocomplete: async () => [], geocode: async () => null } satisfies GeocodingProvider;
    const response = await request(appWith(provider)).get("/api/v1/nearest_place").query({ latitude: "53.8", longitude: "-1.55" }).expect(404);
    expect(response.body).toEqual({ error: "No known place near that point" });
  });

  it.each([
    { why: "no coordinates", path: "/api/v1/nearest_place", error: "latitude is required" },
    { why: "no longitude", path: "/api/v1/nearest_place?latitude=53", error: "longitude is required" },
    { why: "an empty latitude", path: "/api/v1/nearest_place?latitude=&longitude=1", error: "latitude is required" },
    { why: "a blank longitude", path: "/api/v1/nearest_place?latitude=53&longitude=%20", error: "longitude is required" },
    { why: "a word", path: "/api/v1/nearest_place?latitude=north&longitude=1", error: "latitude must be a number" },
    { why: "a hexadecimal number", path: "/api/v1/nearest_place?latitude=0x10&longitude=1", error: "latitude must be a number" },
    { why: "a number with a unit", path: "/api/v1/nearest_place?latitude=53deg&longitude=1", error: "latitude must be a number" },
    { why: "a huge exponent", path: "/api/v1/nearest_place?latitude=1e999&longitude=1", error: "latitude must be between -90 and 90" },
    { why: "Infinity", path: "/api/v1/nearest_place?latitude=53&longitude=Infinity", error: "longitude must be a number" },
    { why: "a repeated latitude", path: "/api/v1/nearest_place?latitude=53&latitude=54&longitude=1", error: "latitude must be a number" },
    { why: "a latitude over 90", path: "/api/v1/nearest_place?latitude=90.5&longitude=1", error: "latitude must be between -90 and 90" },
    { why: "a latitude under -90", path: "/api/v1/nearest_place?latitude=-91&longitude=1", error: "latitude must be between -90 and 90" },
    { why: "a longitude over 180", path: "/api/v1/nearest_place?latitude=53&longitude=180.01", error: "longitude must be between -180 and 180" },
    { why: "a longitude under -180", path: "/api/v1/nearest_place?latitude=53&longitude=-200", error: "longitude must be between -180 and 180" },
  ])("rejects $why with a JSON 422", async ({ path, error }) => {
    const provider = fakeProvider();
    const response = await request(appWith(provider)).get(path).expect(422);
    expect(response.body).toEqual({ error });
    expect(provider.nearest).not.toHaveBeenCalled();
  });
});

describe("nearest place on the offline gazetteer", () => {
  let app: express.Express;

  beforeAll(async () => {
    const index = await loadPlaceIndex();
    app = appWith(new OfflineGazetteer(async () => index));
  }, 30_000);

  it("names the town a pin in Leeds is in, with what the address form fills", async () => {
    const response = await request(app).get("/api/v1/nearest_place").query({ latitude: "53.8008", longitude: "-1.5491" }).expect(200);
    expect(response.body).toMatchObject({ label: "Leeds, England, UK", city: "Leeds", region: "England", country_code: "GB" });
    expect(response.body.latitude).toBeCloseTo(53.8, 1);
    expect(response.body.longitude).toBeCloseTo(-1.55, 1);
  });

  it("answers 404 for a pin in the North Sea", async () => {
    await request(app).get("/api/v1/nearest_place").query({ latitude: "55", longitude: "2" }).expect(404);
  });
});

describe("nearest place in the app", () => {
  it("is for signed-in users only", async () => {
    await agent(testApp()).get("/api/v1/nearest_place").query({ latitude: "53.8", longitude: "-1.55" }).expect(401);
  });

  it("answers a signed-in user", async () => {
    const carrier = await createCarrier();
    const { browser } = await signedInAgent(carrier.email);
    const response = await browser.get("/api/v1/nearest_place").query({ latitude: "54.597", longitude: "-5.93" }).expect(200);
    expect(response.body).toMatchObject({ city: "Belfast", region: "Northern Ireland", country_code: "GB" });
  });
});
