import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { messagingWorld } from "../../support/messaging-fixtures.ts";
import { pdfBytes, realPng, uploaded } from "../../support/files.ts";

const STREAM = "text/vnd.turbo-stream.html";
type Signed = { browser: Agent; csrf: string };
let world: Awaited<ReturnType<typeof messagingWorld>>;
let shipper: Signed, carrier: Signed, driver: Signed, outsider: Signed;

beforeAll(async () => {
  world = await messagingWorld();
  shipper = await signedInAgent(world.shipper.email);
  carrier = await signedInAgent(world.carrier.email);
  driver = await signedInAgent(world.driver.email);
  outsider = await signedInAgent(world.outsider.email);
});

const attachToLoad = (who: Signed, signedId: string, accept = STREAM) =>
  who.browser.post(`/loads/${world.load.id}/attachments`).set({ "X-CSRF-Token": who.csrf, Accept: accept }).send({ blob_signed_id: signedId, list_id: "photos_here" });
const attachmentIdIn = (html: string) => Number(/id="attachment_(\d+)"/.exec(html)?.[1]);

describe("attaching files to a load", () => {
  it("lets the shipper, the load's carrier and its driver each add photos and documents, answered as a stream into the list", async () => {
    for (const who of [shipper, carrier, driver]) {
      const answer = await attachToLoad(who, await uploaded(who.browser, who.csrf, await realPng()));
      expect([answer.status, answer.type]).toEqual([200, STREAM]);
      expect(answer.text).toMatch(/^<turbo-stream action="append" target="photos_here"><template>\s*<li id="attachment_\d+" class="photo">/);
    }
    const document = await uploaded(carrier.browser, carrier.csrf, pdfBytes(), "document", "CMR 4411.pdf", "application/pdf");
    const json = await attachToLoad(carrier, document, "application/json");
    expect([json.status, json.body.attachment.kind, json.body.attachment.filename]).toEqual([201, "document", "CMR 4411.pdf"]);
    expect(await db().attachment.count({ where: { loadId: world.load.id } })).toBe(4);
  });

  it("answers 404 to a tampered signed id, someone else's file, and anyone who cannot see the load; 422 when no file is named", async () => {
    const mine = await uploaded(shipper.browser, shipper.csrf, await realPng(20, 20));
    const before = await db().attachment.count();
    expect((await attachToLoad(carrier, mine)).status).toBe(404);
    expect((await attachToLoad(shipper, `${mine.slice(0, 20)}x${mine.slice(21)}`)).status).toBe(404);
    expect((await attachToLoad(shipper, "not-a-signed-id")).status).toBe(404);
    const unnamed = await shipper.browser.post(`/loads/${world.load.id}/attachments`).set({ "X-CSRF-Token": shipper.csrf, Accept: "application/json" }).send({ list_id: "x" });
    expect([unnamed.status, unnamed.body.error]).toEqual([422, "Send the uploaded file's blob_signed_id"]);
    const theirs = await uploaded(outsider.browser, outsider.csrf, await realPng(20, 20));
    expect((await attachToLoad(outsider, theirs)).status).toBe(404);
    expect(await db().attachment.count()).toBe(before);
  });
});

describe("downloading", () => {
  it("serves a photo inline and as a download under its own name, with nosniff, to those who see the load; 404 to others", async () => {
    const png = await realPng(1200, 900);
    const answer = await attachToLoad(driver, await uploaded(driver.browser, driver.csrf, png, "photo", "Lieferschein – Müller.png"));
    const id = attachmentIdIn(answer.text);
    const inline = await shipper.browser.get(`/attachments/${id}`).buffer(true);
    expect([inline.status, inline.type, inline.headers["x-content-type-options"]]).toEqual([200, "image/png", "nosniff"]);
    expect(inline.headers["content-disposition"]).toBe(`inline; filename="Lieferschein ? Muller.png"; filename*=UTF-8''Lieferschein%20%E2%80%93%20M%C3%BCller.png`);
    expect(Buffer.compare(inline.body as Buffer, png)).toBe(0);
    const download = await carrier.browser.get(`/attachments/${id}?disposition=attachment`);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename=/);
    expect((await outsider.browser.get(`/attachments/${id}`)).status).toBe(404);
    expect((await outsider.browser.get(`/attachments/${id}/thumbnail`)).status).toBe(404);
    expect((await shipper.browser.get("/attachments/999999")).status).toBe(404);
  });

  it("makes a WebP thumbnail 480 px wide once, and records the photo's size for the gallery", async () => {
    const answer = await attachToLoad(shipper, await uploaded(shipper.browser, shipper.csrf, await realPng(1600, 1200)));
    const id = attachmentIdIn(answer.text);
    const first = await carrier.browser.get(`/attachments/${id}/thumbnail`).buffer(true);
    expect([first.status, first.type]).toEqual([200, "image/webp"]);
    expect(await sharp(first.body as Buffer).metadata()).toMatchObject({ format: "webp", width: 480, height: 360 });
    const again = await carrier.browser.get(`/attachments/${id}/thumbnail`).buffer(true);
    expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
    const { blob } = await db().attachment.findUniqueOrThrow({ where: { id }, include: { blob: true } });
    expect([blob.width, blob.height]).toEqual([1600, 1200]);
    expect(answer.text).toContain('data-pswp-width="1600" data-pswp-height="1200"');
  });

  it("always downloads a document that is not an image or a PDF, and has no thumbnail for a PDF", async () => {
    const answer = await attachToLoad(shipper, await uploaded(shipper.browser, shipper.csrf, pdfBytes(), "document", "spec.pdf", "application/pdf"));
    const id = attachmentIdIn(answer.text);
    expect((await shipper.browser.get(`/attachments/${id}`)).headers["content-disposition"]).toBe('inline; filename="spec.pdf"');
    expect((await shipper.browser.get(`/attachments/${id}/thumbnail`)).status).toBe(404);
  });
});

describe("removing", () => {
  it("lets the uploader and the job's shipper remove a file (audited), and refuses anyone else with 403", async () => {
    const byCarrier = attachmentIdIn((await attachToLoad(carrier, await uploaded(carrier.browser, carrier.csrf, await realPng(30, 30)))).text);
    const byShipper = attachmentIdIn((await attachToLoad(shipper, await uploaded(shipper.browser, shipper.csrf, await realPng(30, 30)))).text);
    expect((await driver.browser.delete(`/attachments/${byShipper}`).set({ "X-CSRF-Token": driver.csrf, Accept: STREAM })).status).toBe(403);
    const removed = await shipper.browser.delete(`/attachments/${byCarrier}`).set({ "X-CSRF-Token": shipper.csrf, Accept: STREAM });
    expect([removed.status, removed.text]).toEqual([200, `<turbo-stream action="remove" target="attachment_${byCarrier}"></turbo-stream>`]);
    expect((await shipper.browser.get(`/attachments/${byCarrier}`)).status).toBe(404);
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: "attachment.removed" }, orderBy: { id: "desc" } });
    expect([audit.actorId, audit.targetId, JSON.parse(audit.data).attachmentId]).toEqual([world.shipper.id, world.carrier.id, byCarrier]);
    expect((await shipper.browser.delete(`/attachments/${byShipper}`).type("form").send({ _csrf: shipper.csrf })).status).toBe(303);
  });
});

describe("files on a job", () => {
  it("are added by the job's shipper only, and open to carriers who can see the job", async () => {
    const job = await createJob(world.shipper.accountId, world.shipper.id, { status: "open", reference: "Spec sheets" });
    const sheet = await uploaded(shipper.browser, shipper.csrf, pdfBytes(), "document", "spec.pdf", "application/pdf");
    const added = await shipper.browser.post(`/jobs/${job.id}/attachments`).set({ "X-CSRF-Token": shipper.csrf, Accept: "application/json" }).send({ blob_signed_id: sheet });
    expect(added.status).toBe(201);
    const other = await createCarrier();
    const reader = await signedInAgent(other.email);
    expect((await reader.browser.get(`/attachments/${added.body.attachment.id}`)).status).toBe(200);
    const carriers = await uploaded(reader.browser, reader.csrf, pdfBytes(), "document", "x.pdf", "application/pdf");
    expect((await reader.browser.post(`/jobs/${job.id}/attachments`).set({ "X-CSRF-Token": reader.csrf, Accept: "application/json" }).send({ blob_signed_id: carriers })).status).toBe(404);
    const frame = await reader.browser.get(`/jobs/${job.id}/files`);
    expect(frame.text).toMatch(/^<turbo-frame id="files">/);
    expect([frame.text.includes("spec.pdf"), frame.text.includes('data-controller="upload"')]).toEqual([true, false]);
    await db().job.update({ where: { id: job.id }, data: { status: "draft" } });
    expect((await reader.browser.get(`/attachments/${added.body.attachment.id}`)).status).toBe(404);
  });
});

describe("GET /file_attachments/:signed_id", () => {
  it("adds a just-uploaded file to a form's list with its signed id, for its uploader only", async () => {
    const signed = await uploaded(driver.browser, driver.csrf, await realPng(10, 10), "photo", "pod.png");
    const answer = await driver.browser.get(`/file_attachments/${signed}?list_id=pod_files`).set("Accept", STREAM);
    expect([answer.status, answer.type]).toEqual([200, STREAM]);
    expect(answer.text).toContain('<turbo-stream action="append" target="pod_files">');
    expect(answer.text).toContain(`<input type="hidden" name="blob_signed_ids[]" value="${signed}">`);
    expect((await shipper.browser.get(`/file_attachments/${signed}`)).status).toBe(404);
  });
});
