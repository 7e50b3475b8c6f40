import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { pageText } from "../pools/pool-helpers.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
const at = (city: string, latitude: number, longitude: number, windowDate: string, windowFrom: string, windowTo: string) =>
  ({ city, latitude, longitude, countryCode: "GB", windowDate: new Date(`${windowDate}T00:00:00Z`), windowFrom, windowTo });

const LEEDS = at("Leeds", 53.7965, -1.5479, "2027-03-03", "07:00", "09:00");
const BRISTOL = at("Bristol", 51.4545, -2.5879, "2027-03-03", "15:00", "17:00");
const MAIDSTONE = at("Maidstone", 51.272, 0.529, "2027-03-03", "08:00", "10:00");
const CHELMSFORD = at("Chelmsford", 51.7356, 0.4685, "2027-03-03", "12:00", "14:00");

let shipper: User;
let carrier: User;

beforeEach(async () => {
  shipper = await createShipper({ company: "Severn Foods" });
  carrier = await createCarrier({ company: "Aire Haulage" });
});

const vehicle = (registration: string, euroStandard: string, columns: object = {}) =>
  db().vehicle.create({ data: { accountId: carrier.accountId, registration, vehicleType: "artic", payloadKg: 29_000, euroStandard, ...columns } });

async function jobPage(email: string, pickup: object, delivery: object) {
  const job = await createJob(shipper.accountId, shipper.id, { pickup, delivery });
  const { browser } = await signedInAgent(email);
  const page = await browser.get(`/jobs/${job.id}`);
  expect(page.status).toBe(200);
  return page.text;
}

const section = (html: string) => pageText(/<section class="card road-charges"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "");

describe("the job page's road charges", () => {
  it("shows a carrier the Bristol CAZ on a route into Bristol, and what each of its vehicles pays", async () => {
    await vehicle("AB12 CDE", "euro_5", { grossWeightKg: 44_000, axles: 5 });
    await vehicle("CD34 EFG", "euro_6");
    const text = section(await jobPage(carrier.email, LEEDS, BRISTOL));
    expect(text).toContain("Road charges on this route: Bristol CAZ £100.00 a day for lorries below Euro VI");
    expect(text).toContain("AB12 CDE Bristol CAZ £100.00 (£100.00 a day for lorries below Euro VI, 1 day (3 Mar 2027)) £100.00");
    expect(text).toContain(
      "CD34 EFG None gross weight 44,000 kg and 5 axles read from the vehicle type (Articulated (44 t)): set them on the vehicle to be sure £0.00",
    );
    expect(text).toContain("The route is estimated from straight lines between the stops");
  });

  it("reminds the carrier of the route's charges beside the quote's price", async () => {
    const html = await jobPage(carrier.email, LEEDS, BRISTOL);
    const hint = /<p class="hint road-charges-hint">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "";
    expect(pageText(hint)).toBe("Road charges on this route: Bristol CAZ £100.00 a day for lorries below Euro VI. What each of your vehicles pays");
  });

  it("shows the Dartford Crossing on a route from Maidstone to Chelmsford", async () => {
    await vehicle("EF56 GHJ", "euro_6", { grossWeightKg: 18_000, axles: 2 });
    const text = section(await jobPage(carrier.email, MAIDSTONE, CHELMSFORD));
    expect(text).toContain("Road charges on this route: Dartford Crossing £4.20 two-axle or £8.40 multi-axle goods vehicles a crossing, 1 crossing; free 22:00–06:00");
    expect(text).toContain("EF56 GHJ Dartford Crossing £4.20 (£4.20 a crossing for a two-axle goods vehicle, 1 crossing; free 22:00–06:00) £4.20");
  });

  it("says a route meets no charges", async () => {
    const text = section(await jobPage(carrier.email, LEEDS, at("York", 53.959, -1.0815, "2027-03-03", "12:00", "14:00")));
    expect(text).toContain("No road charges on this route");
  });

  it("is for carriers: the shipper's own page has no such section", async () => {
    const html = await jobPage(shipper.email, LEEDS, BRISTOL);
    expect(html).toContain("Route");
    expect(section(html)).toBe("");
  });
});
