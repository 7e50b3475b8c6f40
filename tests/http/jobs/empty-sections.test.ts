import { beforeAll, describe, expect, it } from "vitest";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { messagingWorld } from "../../support/messaging-fixtures.ts";
import { pdfBytes, uploaded } from "../../support/files.ts";

// Sections with nothing in them say so, rather than showing bare headings: a job's or a load's
// documents and photos (telling those who may add files how), and a draft saved before its addresses.

type Signed = { browser: Agent; csrf: string };
let world: Awaited<ReturnType<typeof messagingWorld>>;
let shipper: Signed, driver: Signed, otherCarrier: Signed;
let openJob: { id: number };

const ADD_HINT = " Drop files on the area below, or choose them, to add one.";

beforeAll(async () => {
  world = await messagingWorld();
  shipper = await signedInAgent(world.shipper.email);
  driver = await signedInAgent(world.driver.email);
  otherCarrier = await signedInAgent((await createCarrier()).email);
  openJob = await createJob(world.shipper.accountId, world.shipper.id, { reference: "Empty files job", pickup: { latitude: 53.8, longitude: -1.55 }, delivery: { latitude: 51.45, longitude: -2.59 } });
});

/** The list with this id, from its opening tag to its close. */
const list = (html: string, id: string) => new RegExp(`<ul id="${id}"[^>]*>[\\s\\S]*?</ul>`).exec(html)?.[0] ?? "";
const note = (text: string) => `<li class="attachment-list-empty muted">${text}</li>`;

describe("documents and photos with nothing in them", () => {
  it("on a job, tell its shipper there are none yet and how to add one", async () => {
    const files = await shipper.browser.get(`/jobs/${openJob.id}/files`).expect(200);
    expect(list(files.text, `documents_job_${openJob.id}`)).toContain(note(`No documents yet.${ADD_HINT}`));
    expect(list(files.text, `photos_job_${openJob.id}`)).toContain(note(`No photos yet.${ADD_HINT}`));
  });

  it("on a job, tell a carrier, who cannot add files there, only that there are none", async () => {
    const files = await otherCarrier.browser.get(`/jobs/${openJob.id}/files`).expect(200);
    expect(list(files.text, `documents_job_${openJob.id}`)).toContain(note("No documents yet."));
    expect(list(files.text, `photos_job_${openJob.id}`)).toContain(note("No photos yet."));
    expect(files.text).not.toContain(ADD_HINT);
    expect(files.text).not.toContain('class="uploader"');
  });

  it("on a load, tell its driver there are none yet and how to add one", async () => {
    const files = await driver.browser.get(`/loads/${world.load.id}/files`).expect(200);
    expect(list(files.text, `documents_load_${world.load.id}`)).toContain(note(`No documents yet.${ADD_HINT}`));
    expect(list(files.text, `photos_load_${world.load.id}`)).toContain(note(`No photos yet.${ADD_HINT}`));
  });

  it("keep the note first in its list, so the stylesheet hides it behind a file (and shows it again when the last goes)", async () => {
    const signedId = await uploaded(driver.browser, driver.csrf, pdfBytes(), "document", "CMR 77.pdf", "application/pdf");
    await driver.browser.post(`/loads/${world.load.id}/attachments`).set({ "X-CSRF-Token": driver.csrf, Accept: "application/json" }).send({ blob_signed_id: signedId }).expect(201);
    const documents = list((await driver.browser.get(`/loads/${world.load.id}/files`).expect(200)).text, `documents_load_${world.load.id}`);
    expect(documents).toMatch(new RegExp(`^<ul[^>]*>\\s*${note(`No documents yet.${ADD_HINT}`).replaceAll(".", "\\.")}\\s*<li id="attachment_\\d+" class="document">`));
    expect(documents).toContain(">CMR 77.pdf</a>");
  });
});

describe("a draft saved before its addresses", () => {
  it("says which addresses are missing and how to add them, and shows no empty map", async () => {
    const draft = await createJob(world.shipper.accountId, world.shipper.id, { status: "draft", publishedAt: null, reference: "Addressless draft", locations: [] });
    const page = await shipper.browser.get(`/jobs/${draft.id}`).expect(200);
    expect(page.text).toMatch(/<h2>Collection<\/h2>\s*<p class="muted">No collection address yet\. <a href="\/jobs\/\d+\/edit">Edit the job<\/a> to add one\.<\/p>/);
    expect(page.text).toMatch(/<h2>Delivery<\/h2>\s*<p class="muted">No delivery address yet\. <a href="\/jobs\/\d+\/edit">Edit the job<\/a> to add one\.<\/p>/);
    expect(page.text).toContain(`<p id="job-map-${draft.id}" class="muted map-empty">No map yet: the job has no addresses.</p>`);
    expect(page.text).not.toContain('data-island-component-value="map"');
  });

  it("once cancelled, only says they are missing: it can no longer be edited", async () => {
    const cancelled = await createJob(world.shipper.accountId, world.shipper.id, { status: "cancelled", publishedAt: null, reference: "Cancelled draft", locations: [] });
    const page = await shipper.browser.get(`/jobs/${cancelled.id}`).expect(200);
    expect(page.text).toMatch(/<h2>Collection<\/h2>\s*<p class="muted">No collection address yet\.<\/p>/);
    expect(page.text).toMatch(/<h2>Delivery<\/h2>\s*<p class="muted">No delivery address yet\.<\/p>/);
  });

  it("a job whose addresses have no known position says so instead of an empty map", async () => {
    const unplaced = await createJob(world.shipper.accountId, world.shipper.id, { reference: "Unplaced job" });
    const page = await shipper.browser.get(`/jobs/${unplaced.id}`).expect(200);
    expect(page.text).toContain(`<p id="job-map-${unplaced.id}" class="muted map-empty">No map: the stops have no known position.</p>`);
    expect(page.text).not.toContain('data-island-component-value="map"');
  });

  it("a job with its addresses lists them and maps them", async () => {
    const page = await shipper.browser.get(`/jobs/${openJob.id}`).expect(200);
    expect(page.text).not.toContain("address yet");
    expect(page.text).toMatch(/<h2>Collection<\/h2>\s*<ol class="plain-list locations">/);
    expect(page.text).toContain(`<div id="job-map-${openJob.id}" class="map-mount" data-controller="island" data-island-component-value="map"`);
  });
});
