import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { mapProps } from "#domain/maps/map-props.ts";
import { decodePolyline } from "#domain/maps/polyline.ts";
import { awardJob } from "#models/award.server.ts";
import { agent, signedInAgent, testApp } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// Where maps appear: the job page (all stops), the load page (stops, route, the driver's last fix),
// the shipper's dashboard (loads on the road) and the job form (a picker per location), with the
// distance and the estimated CO2e beside them; tiles from the configured host only.

const LEEDS = { latitude: 53.7997, longitude: -1.5492 };
const BRISTOL = { latitude: 51.4545, longitude: -2.5879 };

type Person = Awaited<ReturnType<typeof createShipper>>;
let shipper: Person;
let carrier: Person;
let driver: Person;
let job: Awaited<ReturnType<typeof createJob>>;
let loadId: number;

beforeAll(async () => {
  shipper = await createShipper({ company: "Acme Foods" });
  carrier = await createCarrier({ company: "Alpha Haulage" });
  driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Ann Driver" });
  job = await createJob(shipper.accountId, shipper.id, { reference: "Leeds to Bristol", vehicleTypes: '["artic"]', pickup: LEEDS, delivery: BRISTOL });
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
  await awardJob(job.id);
  loadId = (await db().load.findFirstOrThrow({ where: { jobId: job.id } })).id;
  await db().load.update({ where: { id: loadId }, data: { status: "collected", collectedAt: new Date(), driverId: driver.id, pickupDate: new Date() } });
  await db().loadPosition.create({ data: { loadId, driverId: driver.id, latitude: 52.4862, longitude: -1.8904, recordedAt: new Date(Date.now() - 60_000) } });
});

/** The props of the page's map island (the one with this element id). */
function mapOn(html: string, id: string) {
  const match = new RegExp(`id="${id}"[^>]*data-island-props-value="([^"]+)"`).exec(html);
  if (!match) throw new Error(`no map #${id} on the page`);
  const json = match[1]!.replaceAll("&#34;", '"').replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  return mapProps(JSON.parse(json));
}

describe("the job page", () => {
  it("maps every stop with the route, its length and the CO2e of a load, loaded when scrolled to", async () => {
    const { browser } = await signedInAgent(carrier.email);
    const page = await browser.get(`/jobs/${job.id}`).expect(200);
    const map = mapOn(page.text, `job-map-${job.id}`);
    expect(map.markers).toEqual([
      { ...LEEDS, type: "pickup", title: "Collection: Leeds" },
      { ...BRISTOL, type: "delivery", title: "Delivery: Bristol" },
    ]);
    const route = decodePolyline(map.polylines[0]!);
    expect(route[0]).toEqual([LEEDS.latitude, LEEDS.longitude]);
    expect(route.at(-1)).toEqual([BRISTOL.latitude, BRISTOL.longitude]);
    expect(map.tiles.url).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(page.text).toMatch(/id="job-map-\d+"[^>]*data-island-when-value="visible"/);
    // 171 miles as the crow flies × 1.2; an artic over 33 t at 0.93421 kg per km.
    expect(page.text).toMatch(/<dd>20\d miles <span class="muted">\(estimated from the straight-line distance\)<\/span><\/dd>/);
    expect(page.text).toMatch(/<dt>Estimated CO2e<\/dt><dd>30\d kg CO2e<\/dd>/);
  });
});

describe("the load page", () => {
  it("maps the load's stops, its route and the driver's last fix for the shipper, with the share done and the arrival", async () => {
    const { browser } = await signedInAgent(shipper.email);
    const page = await browser.get(`/loads/${loadId}`).expect(200);
    const map = mapOn(page.text, `load-map-${loadId}`);
    expect(map.markers.map((m) => [m.type, m.title])).toEqual([["pickup", "Collection: Leeds"], ["delivery", "Delivery: Bristol"]]);
    expect(map.activeMarkerTitle).toBe("Delivery: Bristol");
    expect(map.trackingElementId).toBe(`load_tracking_${loadId}`);
    expect(map.routeProgress).toBeGreaterThan(50);
    expect(map.routeProgress).toBeLessThan(70);
    expect(page.text).toContain(`id="load_tracking_${loadId}" class="tracking" aria-live="polite"\n  data-latitude="52.4862" data-longitude="-1.8904"`);
    expect(page.text).toMatch(/\d+% of the route done<\/strong>\s+· arriving about <time/);
  });

  it("offers the driver to share the position, by itself once collected", async () => {
    const { browser } = await signedInAgent(driver.email);
    const page = await browser.get(`/loads/${loadId}`).expect(200);
    expect(page.text).toContain(`data-controller="position-share" data-position-share-url-value="/loads/${loadId}/positions"\n      data-position-share-automatic-value="true"`);
  });
});

describe("the shipper's dashboard", () => {
  it("shows the loads on the road today on one map, one line each, with their CO2e added up", async () => {
    const { browser } = await signedInAgent(shipper.email);
    const page = await browser.get("/dashboard").expect(200);
    const map = mapOn(page.text, "road-map");
    expect(map.multiplePolylines).toBe(true);
    expect(map.polylines).toHaveLength(1);
    expect(map.label).toBe("Your 1 load on the road today");
    expect(page.text).toMatch(/1 load\s+·\s+estimated 30\d kg CO2e for their trips/);
  });

  it("is not shown to a carrier", async () => {
    const { browser } = await signedInAgent(carrier.email);
    expect((await browser.get("/dashboard").expect(200)).text).not.toContain('id="road-map"');
  });
});

describe("the job form", () => {
  it("has a map picker for each location, loaded only when asked for", async () => {
    const { browser } = await signedInAgent(shipper.email);
    const page = await browser.get("/jobs/new").expect(200);
    expect(page.text).toContain("Pin the collection point on a map");
    expect(page.text).toContain("Pin the delivery point on a map");
    expect(page.text).not.toContain('data-island-component-value="map-picker"');
    expect(page.text).toContain("&#34;nearestPlaceUrl&#34;:&#34;/api/v1/nearest_place&#34;");
  });
});

describe("tiles", () => {
  it("are allowed from the default OpenStreetMap host only", async () => {
    const csp = String((await agent().get("/")).headers["content-security-policy"]);
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
  });

  it("follow a configured tile service, subdomains as a wildcard", async () => {
    const app = testApp({ TILE_URL: "https://{s}.tiles.example.com/v1/{z}/{x}/{y}.png", TILE_ATTRIBUTION: "Example Tiles" });
    const csp = String((await agent(app).get("/")).headers["content-security-policy"]);
    expect(csp).toContain("img-src 'self' data: blob: https://*.tiles.example.com;");
    const { browser } = await signedInAgent(carrier.email, app);
    const map = mapOn((await browser.get(`/jobs/${job.id}`)).text, `job-map-${job.id}`);
    expect(map.tiles).toEqual({ url: "https://{s}.tiles.example.com/v1/{z}/{x}/{y}.png", attribution: "Example Tiles" });
  });
});
