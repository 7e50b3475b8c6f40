import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { formatLongDate } from "#domain/format/dates.ts";
import { autoAcceptAt, formatWeekdayDate } from "#domain/loads/proof-review.ts";
import { acceptOverdueProofs } from "#models/loads/proof-review.server.ts";
import { createSignInLimiter } from "#server/rate-limit.server.ts";
import { signedInAgent as signedInTo, testApp, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { realPng, uploaded } from "../../support/files.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { recordBroadcasts } from "../../support/messaging-fixtures.ts";

// The shipper's review of a delivered load's proof: its office accepts or disputes it (with a
// reason) on the load page, the carrier's office hears of a dispute and answers, the shipper then
// accepts; nobody else may review it; a proof nobody reviews within 5 working days is accepted by
// itself; and each side's load page says where the review stands.

type Signed = { browser: Agent; csrf: string };
type User = Awaited<ReturnType<typeof createShipper>>;

// Each side signs in again and again to look at its page: more than one address's sign-ins allow.
const app = testApp({}, { signInLimiter: createSignInLimiter({ ipPoints: 1_000 }) });
const signedInAgent = (email: string) => signedInTo(email, app);

let shipper: User;
let carrier: User;
let carrierMember: User;
let driver: User;
let otherShipper: User;
let loadId: number;

/** A load of Crunch Foods' job run by Pennine with Dave driving, in this state. */
async function createLoad(data: { status: string; collectedAt?: Date; deliveredAt?: Date; proofStatus?: string | null }) {
  const job = await createJob(shipper.accountId, shipper.id, { status: "in_progress", reference: "Crisps to Bristol" });
  const load = await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, driverId: driver.id, ...data } });
  if (data.deliveredAt) {
    await db().proofOfDelivery.create({ data: { loadId: load.id, recipientName: "Mark at goods-in", deliveredAt: data.deliveredAt, recordedById: driver.id } });
  }
  return load.id;
}

/** Delivered on Tuesday 24 November 2026 at 14:05, its proof awaiting the shipper's review. */
const TUESDAY_DELIVERY = new Date("2026-11-24T14:05:00Z");
const deliveredAwaitingReview = (deliveredAt = TUESDAY_DELIVERY) => createLoad({ status: "delivered", deliveredAt, proofStatus: "awaiting_review" });

beforeEach(async () => {
  shipper = await createShipper({ company: "Crunch Foods", name: "Sam Shipper" });
  carrier = await createCarrier({ company: "Pennine Haulage" });
  carrierMember = await createUser("carrier", { role: "member", accountId: carrier.accountId });
  driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Dave Driver" });
  otherShipper = await createShipper({ company: "Other Foods" });
});

const review = (who: Signed, body: Record<string, string | undefined>, id = loadId) => who.browser.post(`/loads/${id}/proof_review`).type("form").send({ _csrf: who.csrf, ...body });
const loadRow = () => db().load.findUniqueOrThrow({ where: { id: loadId }, select: { proofStatus: true, proofAcceptedAt: true } });
const reviews = () => db().proofReview.findMany({ where: { loadId }, orderBy: { id: "asc" }, select: { decision: true, reason: true, note: true, decidedById: true } });
const noticesOf = (kind: string) =>
  db().notification.findMany({ where: { kind, path: `/loads/${loadId}` }, orderBy: { userId: "asc" }, select: { userId: true, title: true, body: true } });
const pageOf = async (email: string) => (await (await signedInAgent(email)).browser.get(`/loads/${loadId}`).expect(200)).text;

describe("recording the proof of delivery", () => {
  it("leaves the proof awaiting the shipper's review, and the shipper's page says until when", async () => {
    loadId = await createLoad({ status: "collected", collectedAt: new Date() });
    const phone = await signedInAgent(driver.email);
    const photo = await uploaded(phone.browser, phone.csrf, await realPng(400, 300), "photo", "pallets.png");
    const delivered = await phone.browser.post(`/loads/${loadId}/delivery`).type("form").send({ _csrf: phone.csrf, recipient_name: "Mark", "blob_signed_ids[]": photo, confirmed: "1" });
    expect(delivered.status).toBe(303);
    const row = await db().load.findUniqueOrThrow({ where: { id: loadId }, select: { status: true, proofStatus: true, deliveredAt: true } });
    expect([row.status, row.proofStatus]).toEqual(["delivered", "awaiting_review"]);
    const page = await pageOf(shipper.email);
    expect(page).toContain("<strong>Awaiting your review</strong>");
    expect(page).toContain(`If you do nothing, the proof is accepted on ${formatWeekdayDate(autoAcceptAt(row.deliveredAt!))}.`);
  });

  it("on a load the shipper's own fleet ran, leaves no review to make", async () => {
    const ownDriver = await createUser("shipper", { role: "driver", accountId: shipper.accountId, name: "Owen Fleet" });
    const job = await createJob(shipper.accountId, shipper.id, { status: "in_progress", reference: "Own lorry" });
    loadId = (await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: shipper.accountId, driverId: ownDriver.id, status: "collected", collectedAt: new Date() } })).id;
    const phone = await signedInAgent(ownDriver.email);
    const photo = await uploaded(phone.browser, phone.csrf, await realPng(400, 300), "photo", "pallets.png");
    await phone.browser.post(`/loads/${loadId}/delivery`).type("form").send({ _csrf: phone.csrf, recipient_name: "Mark", "blob_signed_ids[]": photo, confirmed: "1" }).expect(303);
    expect(await loadRow()).toEqual({ proofStatus: null, proofAcceptedAt: null });
    expect(await pageOf(shipper.email)).not.toContain("Proof of delivery review");
    expect((await review(await signedInAgent(shipper.email), { decision: "accept" })).status).toBe(409);
  });
});

describe("the shipper's office reviewing the proof", () => {
  let office: Signed;
  beforeEach(async () => {
    loadId = await deliveredAwaitingReview();
    office = await signedInAgent(shipper.email);
  });

  it("accepts it: 303 back to the load, accepted now, the review recorded, the carrier's office told", async () => {
    const before = Date.now();
    const answer = await review(office, { decision: "accept" });
    expect([answer.status, answer.headers.location]).toEqual([303, `/loads/${loadId}`]);
    const row = await loadRow();
    expect(row.proofStatus).toBe("accepted");
    expect(row.proofAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(await reviews()).toEqual([{ decision: "accepted", reason: null, note: null, decidedById: shipper.id }]);
    const page = (await office.browser.get(`/loads/${loadId}`)).text;
    expect(page).toContain("Proof accepted");
    expect(page).toContain(`<strong>Accepted on ${formatLongDate(row.proofAcceptedAt)}</strong>`);
    expect(page).not.toContain(`action="/loads/${loadId}/proof_review"`);
    expect(await noticesOf("proof_accepted")).toEqual(
      [carrier, carrierMember].map((person) => ({ userId: person.id, title: "Proof accepted: load 1 of Crisps to Bristol", body: "Crunch Foods accepted the proof of delivery." })),
    );
  });

  it("refuses a dispute without a reason (422), beside the field and in the summary, keeping the note; nothing changes", async () => {
    const answer = await review(office, { decision: "dispute", note: "Looks wrong" });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain('<a href="#proof_review_reason_damaged">Choose why you dispute the proof</a>');
    expect(answer.text).toContain('<p class="field-error" id="proof_review_reason_error">Choose why you dispute the proof</p>');
    expect(answer.text).toContain('id="proof_review_decision_dispute" name="decision" value="dispute" checked');
    expect(answer.text).toContain(">Looks wrong</textarea>");
    expect(await loadRow()).toEqual({ proofStatus: "awaiting_review", proofAcceptedAt: null });
    expect(await reviews()).toEqual([]);
    expect(await noticesOf("proof_disputed")).toEqual([]);
  });

  it.each([
    { case: "no decision", body: {}, field: "decision", message: "Choose whether to accept or dispute the proof" },
    { case: "Other without words", body: { decision: "dispute", reason: "other" }, field: "note", message: "Say what is wrong with the proof" },
    { case: "a note over 1,000 characters", body: { decision: "accept", note: "x".repeat(1_001) }, field: "note", message: "Keep the note to 1,000 characters" },
  ])("refuses $case (422): “$message”", async ({ body, field, message }) => {
    const answer = await review(office, body);
    expect(answer.status).toBe(422);
    expect(answer.text).toContain(`<p class="field-error" id="proof_review_${field}_error">${message}</p>`);
    expect(await loadRow()).toEqual({ proofStatus: "awaiting_review", proofAcceptedAt: null });
    expect(await reviews()).toEqual([]);
  });

  it("disputes it with a reason: disputed, the carrier's office (not its driver) told why; then accepts it once answered", async () => {
    const disputed = await review(office, { decision: "dispute", reason: "damaged", note: "3 pallets crushed" });
    expect([disputed.status, disputed.headers.location]).toEqual([303, `/loads/${loadId}`]);
    expect(await loadRow()).toEqual({ proofStatus: "disputed", proofAcceptedAt: null });
    expect(await reviews()).toEqual([{ decision: "disputed", reason: "damaged", note: "3 pallets crushed", decidedById: shipper.id }]);
    const told = { title: "Proof disputed: load 1 of Crisps to Bristol", body: "Crunch Foods disputed the proof of delivery: Goods damaged — 3 pallets crushed. Reply in the load's messages or add a photo." };
    expect(await noticesOf("proof_disputed")).toEqual([carrier, carrierMember].map((person) => ({ userId: person.id, ...told })));
    expect((await office.browser.get(`/loads/${loadId}`)).text).toContain("Proof disputed. The carrier has been told.");

    const accepted = await review(office, { decision: "accept" });
    expect([accepted.status, accepted.headers.location]).toEqual([303, `/loads/${loadId}`]);
    expect((await loadRow()).proofStatus).toBe("accepted");
    expect((await reviews()).map((r) => r.decision)).toEqual(["disputed", "accepted"]);
  });

  it.each([
    { case: "accepting twice", first: { decision: "accept" }, second: { decision: "accept" }, refusal: "This proof has already been accepted" },
    { case: "disputing an accepted proof", first: { decision: "accept" }, second: { decision: "dispute", reason: "short" }, refusal: "This proof has already been accepted" },
    { case: "disputing twice", first: { decision: "dispute", reason: "short" }, second: { decision: "dispute", reason: "damaged" }, refusal: "This proof is already disputed: accept it once the carrier has answered" },
  ])("refuses $case (409) with a sentence, recording nothing more", async ({ first, second, refusal }) => {
    expect((await review(office, first)).status).toBe(303);
    const again = await review(office, second);
    expect(again.status).toBe(409);
    expect(again.text).toContain(refusal);
    expect(await reviews()).toHaveLength(1);
  });

  it("refuses a load not delivered yet (409)", async () => {
    loadId = await createLoad({ status: "collected" });
    const answer = await review(office, { decision: "accept" });
    expect(answer.status).toBe(409);
    expect(answer.text).toContain("This load has no proof of delivery to review");
    expect(await loadRow()).toEqual({ proofStatus: null, proofAcceptedAt: null });
  });
});

describe("live pages", () => {
  let recorder: ReturnType<typeof recordBroadcasts> | undefined;
  afterEach(() => recorder?.stop());

  it("a dispute refreshes the open load pages and the carrier's office's notification badges, not the driver's", async () => {
    loadId = await deliveredAwaitingReview();
    const office = await signedInAgent(shipper.email);
    recorder = recordBroadcasts();
    await review(office, { decision: "dispute", reason: "missing_paperwork" }).expect(303);
    expect(recorder.to(`load:${loadId}`).some((message) => message.includes('action="refresh"'))).toBe(true);
    for (const person of [carrier, carrierMember]) expect(recorder.to(`user:${person.id}`).join("")).toContain("nav_notifications_badge");
    expect(recorder.to(`user:${driver.id}`)).toEqual([]);
  });
});

describe("anyone but the shipper's office", () => {
  beforeEach(async () => {
    loadId = await deliveredAwaitingReview();
  });

  it.each([
    { who: "the carrier's office", person: () => carrier },
    { who: "the driver", person: () => driver },
    { who: "another shipper", person: () => otherShipper },
  ])("$who posting a review finds no such load (404); nothing changes", async ({ person }) => {
    const them = await signedInAgent(person().email);
    expect((await review(them, { decision: "accept" })).status).toBe(404);
    expect((await review(them, { decision: "dispute" })).status).toBe(404);
    expect(await loadRow()).toEqual({ proofStatus: "awaiting_review", proofAcceptedAt: null });
    expect(await reviews()).toEqual([]);
  });
});

describe("proofs nobody reviews", () => {
  // Wednesday 3 December 2025, noon: 6 working days after Tuesday 25 November, 2 after Monday 1 December.
  const now = new Date("2025-12-03T12:00:00Z");

  it("are accepted by themselves 5 working days after the delivery, as of that moment, once, however many processes sweep", async () => {
    const overdue = await deliveredAwaitingReview(new Date("2025-11-25T10:00:00Z"));
    const recent = await deliveredAwaitingReview(new Date("2025-12-01T10:00:00Z"));
    const disputed = await createLoad({ status: "delivered", deliveredAt: new Date("2025-11-20T10:00:00Z"), proofStatus: "disputed" });
    const sweeps = await Promise.all([acceptOverdueProofs(now), acceptOverdueProofs(now)]);
    expect(sweeps.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await acceptOverdueProofs(now)).toBe(0);

    const rows = await db().load.findMany({ where: { id: { in: [overdue, recent, disputed] } }, orderBy: { id: "asc" }, select: { proofStatus: true, proofAcceptedAt: true } });
    expect(rows).toEqual([
      { proofStatus: "accepted", proofAcceptedAt: new Date("2025-12-02T10:00:00Z") },
      { proofStatus: "awaiting_review", proofAcceptedAt: null },
      { proofStatus: "disputed", proofAcceptedAt: null },
    ]);
    loadId = overdue;
    expect(await reviews()).toEqual([{ decision: "accepted", reason: null, note: null, decidedById: null }]);
    const told = { title: "Proof accepted: load 1 of Crisps to Bristol", body: "Nobody reviewed it within 5 working days of the delivery, so it was accepted by itself." };
    expect(await noticesOf("proof_accepted")).toEqual([carrier, carrierMember].map((person) => ({ userId: person.id, ...told })));
    expect(await pageOf(shipper.email)).toContain("<strong>Accepted by itself on 2 December 2025</strong>");
  });

  it("are not accepted a minute before their time", async () => {
    loadId = await deliveredAwaitingReview(new Date("2025-11-26T12:01:00Z"));
    expect(await acceptOverdueProofs(now)).toBe(0);
    expect((await loadRow()).proofStatus).toBe("awaiting_review");
    expect(await acceptOverdueProofs(new Date("2025-12-03T12:01:00Z"))).toBe(1);
  });
});

describe("the load page's review, on each side", () => {
  const form = () => `action="/loads/${loadId}/proof_review"`;

  it("awaiting review: the shipper is asked, with the day it is accepted by itself; the carrier and driver wait", async () => {
    loadId = await deliveredAwaitingReview();
    const shipperPage = await pageOf(shipper.email);
    expect(shipperPage).toContain("<strong>Awaiting your review</strong>");
    expect(shipperPage).toContain("If you do nothing, the proof is accepted on Tuesday 1 December.");
    expect(shipperPage).toContain(form());
    expect(shipperPage).toContain('id="proof_review_reason_missing_paperwork" name="reason" value="missing_paperwork"> Missing paperwork</label>');
    // The page's next steps agree with the review card: the shipper has something to do.
    expect(shipperPage).toContain('<a href="#proof-review">Review the proof of delivery</a>');
    expect(shipperPage).not.toContain("Nothing to do on this load.");
    for (const person of [carrier, driver]) {
      const page = await pageOf(person.email);
      expect(page).not.toContain('<a href="#proof-review">');
      expect(page).toContain("<strong>Awaiting the shipper&#39;s review</strong>");
      expect(page).toContain("If the shipper does nothing, the proof is accepted on Tuesday 1 December.");
      expect(page).not.toContain(form());
    }
  });

  it("disputed: the shipper sees why and may accept; the carrier's office and driver are told to answer", async () => {
    loadId = await deliveredAwaitingReview();
    await review(await signedInAgent(shipper.email), { decision: "dispute", reason: "short", note: "2 pallets missing." }).expect(303);
    const shipperPage = await pageOf(shipper.email);
    expect(shipperPage).toContain("<strong>Disputed: Short delivery — 2 pallets missing</strong>");
    expect(shipperPage).toContain('<input type="hidden" name="decision" value="accept">');
    expect(shipperPage).not.toContain("If you do nothing");
    expect(shipperPage).toContain('<a href="#proof-review">Accept the proof once the carrier has answered your dispute</a>');
    expect((await noticesOf("proof_disputed"))[0]!.body).toBe("Crunch Foods disputed the proof of delivery: Short delivery — 2 pallets missing. Reply in the load's messages or add a photo.");
    for (const person of [carrier, driver]) {
      const page = await pageOf(person.email);
      expect(page).toContain("<strong>Disputed by the shipper</strong>");
      expect(page).toContain("The shipper disputed the proof: Short delivery — 2 pallets missing. Reply in the messages below or add a photo.");
      expect(page).toContain('<a href="#proof-review">Answer the shipper&#39;s dispute about the proof</a>');
      expect(page).not.toContain(form());
    }
  });

  it("accepted: both sides see when; no form is left", async () => {
    loadId = await deliveredAwaitingReview();
    await review(await signedInAgent(shipper.email), { decision: "accept" }).expect(303);
    const sentence = `<strong>Accepted on ${formatLongDate((await loadRow()).proofAcceptedAt)}</strong>`;
    for (const person of [shipper, carrier, driver]) {
      const page = await pageOf(person.email);
      expect(page).toContain(sentence);
      expect(page).not.toContain(form());
      expect(page).not.toContain('<a href="#proof-review">');
    }
  });

  it("before delivery: no review at all", async () => {
    loadId = await createLoad({ status: "collected" });
    for (const person of [shipper, carrier, driver]) expect(await pageOf(person.email)).not.toContain("Proof of delivery review");
  });
});
