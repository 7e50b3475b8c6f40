import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { realPng, uploaded } from "../../support/files.ts";

// The delivery on the driver's phone: asked again (never refused) when the phone is more than 5 miles
// from every delivery point; where it was said as a town, not coordinates, on the proof and the
// timeline; and the photo picker's thumbnails of what is about to be sent.

type Signed = { browser: Agent; csrf: string };
type User = Awaited<ReturnType<typeof createShipper>>;

const LEEDS = { latitude: 53.7997, longitude: -1.5492 };
const BRISTOL = { latitude: 51.4545, longitude: -2.5879 };

let shipper: User;
let carrier: User;
let driver: User;
let loadId: number;

/** A load collected an hour ago in Leeds, on its way to Bristol (both points placed on the map). */
async function loadOnTheRoad() {
  const job = await createJob(shipper.accountId, shipper.id, { status: "in_progress", reference: "Crisps to Bristol", pickup: { ...LEEDS }, delivery: { ...BRISTOL } });
  loadId = (await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, driverId: driver.id, status: "driver_assigned" } })).id;
}

beforeEach(async () => {
  shipper = await createShipper({ company: "Crunch Foods" });
  carrier = await createCarrier({ company: "Pennine Haulage" });
  driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Dave Driver" });
  await loadOnTheRoad();
});

const loadRow = () => db().load.findUniqueOrThrow({ where: { id: loadId }, select: { status: true, collectedAt: true } });
const timeline = async (who: Signed) => (await who.browser.get(`/loads/${loadId}/timeline`).set("Accept", "text/vnd.turbo-stream.html")).text;
/** Says the collection was marked `minutesAgo` by this user, as if the button had been pressed then. */
async function collectedAgo(minutesAgo: number, by: User) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await db().load.update({ where: { id: loadId }, data: { status: "collected", collectedAt: at } });
  await db().loadEvent.create({ data: { loadId, kind: "collected", userId: by.id, createdAt: at } });
}

describe("delivering far from the delivery point", () => {
  beforeEach(async () => {
    await collectedAgo(60, driver);
  });

  const deliver = (who: Signed, body: Record<string, unknown>) => who.browser.post(`/loads/${loadId}/delivery`).type("form").send({ _csrf: who.csrf, ...body });

  it("asks again (422) with the distance, keeping the photos; confirmed, the proof says where as a town", async () => {
    const d = await signedInAgent(driver.email);
    const photo = await uploaded(d.browser, d.csrf, await realPng(400, 300), "photo", "pallets.png");
    const fields = { recipient_name: "Mark at goods-in", "blob_signed_ids[]": photo, latitude: String(LEEDS.latitude), longitude: String(LEEDS.longitude) };
    const warned = await deliver(d, fields);
    expect(warned.status).toBe(422);
    expect(warned.text).toContain("Your phone puts you 168 miles from the delivery point, more than 5 miles away.");
    expect(warned.text).toContain('<input type="hidden" name="confirmed" value="1">');
    expect(warned.text).toContain("Confirm delivery anyway");
    expect(warned.text).toContain(`value="${photo}"`);
    expect((await loadRow()).status).toBe("collected");

    expect((await deliver(d, { ...fields, confirmed: "1" })).status).toBe(303);
    const shipperSide = await signedInAgent(shipper.email);
    const files = await shipperSide.browser.get(`/loads/${loadId}/files`);
    expect(files.text).toContain("<dt>Where</dt><dd>near Leeds, England, UK</dd>");
    expect(files.text).not.toContain("53.79970");
    const events = await timeline(shipperSide);
    expect(events.indexOf("Delivered · near Leeds, England, UK")).toBeGreaterThan(events.indexOf("Collected"));
  });

  it("an office recording the delivery for its driver is not where the goods are: its position is neither checked nor kept", async () => {
    const office = await signedInAgent(carrier.email);
    const photo = await uploaded(office.browser, office.csrf, await realPng(400, 300), "photo", "pallets.png");
    const answer = await deliver(office, { recipient_name: "Mark", "blob_signed_ids[]": photo, latitude: String(LEEDS.latitude), longitude: String(LEEDS.longitude) });
    expect(answer.status).toBe(303);
    expect(await db().proofOfDelivery.findUniqueOrThrow({ where: { loadId } })).toMatchObject({ latitude: null, longitude: null });
    expect((await office.browser.get(`/loads/${loadId}/delivery`)).status).toBe(409);
  });

  it("at the delivery point: delivered at once", async () => {
    const d = await signedInAgent(driver.email);
    const photo = await uploaded(d.browser, d.csrf, await realPng(400, 300), "photo", "pallets.png");
    const answer = await deliver(d, { recipient_name: "Mark", "blob_signed_ids[]": photo, latitude: "51.46", longitude: "-2.59" });
    expect(answer.status).toBe(303);
    const files = await (await signedInAgent(shipper.email)).browser.get(`/loads/${loadId}/files`);
    expect(files.text).toContain("<dt>Where</dt><dd>near Bristol, England, UK</dd>");
  });
});

describe("the proof-of-delivery photo picker", () => {
  beforeEach(async () => {
    await collectedAgo(60, driver);
  });

  it("says 'Take or choose photos', takes any image and leaves the camera-or-library choice to the phone", async () => {
    const form = (await (await signedInAgent(driver.email)).browser.get(`/loads/${loadId}/delivery`)).text;
    expect(form).toContain('<span class="link-like">Take or choose photos</span>');
    const input = /<input type="file"[^>]*data-direct-upload-url="\/api\/v1\/direct_uploads\?use=photo"[^>]*>/.exec(form)?.[0] ?? "";
    expect(input).toContain('accept="image/*"');
    expect(input).not.toContain("capture");
  });

  it("shows each pending photo as a thumbnail with a Remove button; the thumbnail is the uploader's alone", async () => {
    const d = await signedInAgent(driver.email);
    const photo = await uploaded(d.browser, d.csrf, await realPng(400, 300), "photo", "pallets.png");
    const pending = await d.browser.get(`/file_attachments/${encodeURIComponent(photo)}?list_id=proof_photos`);
    expect(pending.text).toContain(`<img class="pending-thumbnail" src="/file_attachments/${encodeURIComponent(photo)}/thumbnail" alt=""`);
    expect(pending.text).toContain('data-action="pending-file#remove">Remove<span class="visually-hidden"> pallets.png</span></button>');
    const thumbnail = await d.browser.get(`/file_attachments/${encodeURIComponent(photo)}/thumbnail`);
    expect([thumbnail.status, thumbnail.type]).toEqual([200, "image/webp"]);
    expect((await (await signedInAgent(carrier.email)).browser.get(`/file_attachments/${encodeURIComponent(photo)}/thumbnail`)).status).toBe(404);
  });
});
