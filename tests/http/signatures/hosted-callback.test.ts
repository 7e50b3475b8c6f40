import { createHmac } from "node:crypto";
import request from "supertest";
import type { Express } from "express";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signingReference } from "#domain/contracts/acceptance.ts";
import { signedInAgent, testApp } from "../../support/app.ts";
import { awardedContract } from "../../support/contract-fixtures.ts";
import { createUser } from "../../support/fixtures.ts";

// The hosted provider's server-to-server confirmation, signed as the provider is told to sign it:
// HMAC-SHA256 with the shared secret over "<unix seconds>.<raw body>". Computed here on its own, not
// with the app's code, so a mistake there cannot agree with itself.
const PATH = "/signatures/hosted/callback";
const SECRET = "the-secret-shared-with-the-provider-0123456789";
const PROVIDER = { SIGNATURE_PROVIDER_URL: "https://sign.example/embed?ref={reference}", SIGNATURE_PROVIDER_SECRET: SECRET };

let app: Express;
let world: Awaited<ReturnType<typeof awardedContract>>;

beforeAll(() => {
  app = testApp(PROVIDER);
});
beforeEach(async () => {
  world = await awardedContract();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
const hmac = (secret: string, timestamp: number | string, body: string) => createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

type Post = { secret?: string; timestamp?: number; signedBody?: string; signature?: string | null; to?: Express };
/** Posts `body` as the provider would: signed over exactly these bytes unless told to sign others. */
function providerPost(body: string, { secret = SECRET, timestamp = nowSeconds(), signedBody = body, signature, to = app }: Post = {}) {
  const call = request(to).post(PATH).set("Content-Type", "application/json").set("X-Loadline-Timestamp", String(timestamp));
  const header = signature === undefined ? `sha256=${hmac(secret, timestamp, signedBody)}` : signature;
  return (header === null ? call : call.set("X-Loadline-Signature", header)).send(body);
}

const completion = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ event: "completed", reference: signingReference(world.quote.id, world.carrier.id), signer_name: "Callum Wright", signed_at: "2026-03-02T10:15:00Z", ...fields });
const acceptances = () => db().contractAcceptance.findMany({ where: { jobId: world.job.id } });
const shipperTold = () => db().notification.count({ where: { userId: world.shipper.id, title: "Pennine Haulage signed to accept Chilled runs to Leeds" } });

describe("the hosted signing provider's confirmation (POST /signatures/hosted/callback)", () => {
  it("records the acceptance with the provider's signer name, time and the user who asked to sign; the shipper is told and the PDF exists", async () => {
    // Another office user of the winning carrier asked to sign: the reference names them.
    const member = await createUser("carrier", { role: "member", accountId: world.carrier.accountId, name: "Mia Member" });
    const reference = signingReference(world.quote.id, member.id);

    const answer = await providerPost(completion({ reference, signer_name: "  Mia Member  " }));

    expect([answer.status, answer.body]).toEqual([200, { ok: true }]);
    // No cookie, no session: nothing of the browser's is involved.
    expect(answer.headers["set-cookie"]).toBeUndefined();
    const [acceptance, ...more] = await acceptances();
    expect(more).toEqual([]);
    expect(acceptance).toMatchObject({
      quoteId: world.quote.id,
      carrierAccountId: world.carrier.accountId,
      signerName: "Mia Member",
      signedAt: new Date("2026-03-02T10:15:00Z"),
      provider: "hosted",
      providerReference: reference,
      signatureBlobId: null,
      signedById: member.id,
    });
    expect(await shipperTold()).toBe(1);

    const carrier = await signedInAgent(world.carrier.email, app);
    const pdf = await carrier.browser.get(`/acceptances/${acceptance!.id}.pdf`).buffer(true);
    expect([pdf.status, pdf.type]).toEqual([200, "application/pdf"]);
    expect(Buffer.from(pdf.body as Buffer).subarray(0, 5).toString()).toBe("%PDF-");
    const page = await carrier.browser.get(`/jobs/${world.job.id}/acceptance`);
    expect(page.text).toContain("Contract accepted");
    expect(page.text).not.toContain('data-controller="esignature"');
  });

  it("takes the time of arrival when the provider sends no signed_at", async () => {
    const body = JSON.stringify({ event: "completed", reference: signingReference(world.quote.id, world.carrier.id), signer_name: "Callum Wright" });
    expect((await providerPost(body)).status).toBe(200);
    const [acceptance] = await acceptances();
    expect(Math.abs(acceptance!.signedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("answers a repeat (providers retry) with 200 again, recording one acceptance and telling the shipper once", async () => {
    expect((await providerPost(completion())).status).toBe(200);
    const again = await providerPost(completion());
    expect([again.status, again.body]).toEqual([200, { ok: true }]);
    expect(await acceptances()).toHaveLength(1);
    expect(await shipperTold()).toBe(1);
  });

  it("answers a repeat with 200 even once the signer has left the office: it is already recorded", async () => {
    expect((await providerPost(completion())).status).toBe(200);
    await db().user.update({ where: { id: world.carrier.id }, data: { removedAt: new Date() } });
    expect((await providerPost(completion())).status).toBe(200);
    expect(await acceptances()).toHaveLength(1);
  });

  it("answers 200 to a delivery that read the award just before another delivery of the same confirmation recorded it", async () => {
    expect((await providerPost(completion())).status).toBe(200);
    // Two deliveries at once: this one read the award while it was still unsigned. (Replaced and put
    // back by hand: Prisma's delegates are proxies that vi.spyOn cannot restore.)
    const quotes = db().quote as unknown as { findFirst: (args: unknown) => Promise<Record<string, unknown> | null> };
    const original = quotes.findFirst;
    let staleReads = 0;
    quotes.findFirst = async (args) => (staleReads++ ? original(args) : { ...(await original(args)), acceptance: null });
    try {
      const answer = await providerPost(completion());
      expect([answer.status, answer.body]).toEqual([200, { ok: true }]);
      expect(staleReads).toBe(1);
    } finally {
      quotes.findFirst = original;
    }
    expect(await acceptances()).toHaveLength(1);
    expect(await shipperTold()).toBe(1);
  });

  it("refuses another signing of an award already signed for (409), keeping the first", async () => {
    const member = await createUser("carrier", { role: "member", accountId: world.carrier.accountId });
    expect((await providerPost(completion())).status).toBe(200);
    const other = await providerPost(completion({ reference: signingReference(world.quote.id, member.id), signer_name: "Someone Else" }));
    expect([other.status, other.body]).toEqual([409, { error: "This award has already been signed for" }]);
    expect(await acceptances()).toEqual([expect.objectContaining({ signerName: "Callum Wright", signedById: world.carrier.id })]);
  });

  it.each<[string, () => Post & { body?: string }]>([
    ["no signature header", () => ({ signature: null })],
    ["a signature that is not sha256=<hex>", () => ({ signature: "v1=abc" })],
    ["a signature made with another secret", () => ({ secret: "not-the-secret-shared-with-the-provider-000" })],
    ["a timestamp over 5 minutes old", () => ({ timestamp: nowSeconds() - 301 })],
    ["a timestamp over 5 minutes ahead", () => ({ timestamp: nowSeconds() + 301 })],
    // Signed for one signer name, then altered on the way: the bytes no longer match the signature.
    ["a body altered after signing", () => ({ signedBody: completion({ signer_name: "Callum Wright" }), body: completion({ signer_name: "Mallory Forger" }) })],
  ])("refuses %s with 401 and records nothing", async (_case, make) => {
    const { body = completion(), ...post } = make();
    const answer = await providerPost(body, post);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: expect.any(String) });
    expect(await acceptances()).toEqual([]);
    expect(await shipperTold()).toBe(0);
  });

  it("refuses a stale but otherwise perfect post, signed with its own old timestamp (a replay), with 401", async () => {
    const answer = await providerPost(completion(), { timestamp: nowSeconds() - 6 * 60 });
    expect([answer.status, answer.body]).toEqual([401, { error: "The timestamp is more than 5 minutes from our clock" }]);
    expect(await acceptances()).toEqual([]);
  });

  it.each<[string, () => string, string]>([
    ["another event", () => completion({ event: "declined" }), 'event: must be "completed"'],
    ["no signer name", () => completion({ signer_name: " " }), "signer_name: Enter your full name"],
    ["no reference", () => completion({ reference: undefined }), "reference: must be a signing's reference"],
    ["a time that is not ISO 8601", () => completion({ signed_at: "yesterday" }), "signed_at: must be an ISO 8601 time"],
    ["a signing time in the future", () => completion({ signed_at: new Date(Date.now() + 3_600_000).toISOString() }), "signed_at: must not be in the future"],
    ["a JSON array", () => "[]", "Send a JSON object: event, reference, signer_name, signed_at"],
    ["text that is not JSON", () => "completed", "Send a JSON object: event, reference, signer_name, signed_at"],
  ])("refuses a well-signed body with %s with 422, recording nothing", async (_case, body, error) => {
    const answer = await providerPost(body());
    expect([answer.status, answer.body]).toEqual([422, { error }]);
    expect(await acceptances()).toEqual([]);
  });

  it.each<[string, () => Promise<string>]>([
    ["a reference we never made", () => Promise.resolve("envelope-123")],
    ["the old reference without a user", () => Promise.resolve(`loadline-acceptance-${world.quote.id}`)],
    ["no such quote", () => Promise.resolve(signingReference(2_000_000_000, world.carrier.id))],
    ["a quote that was declined", async () => signingReference((await db().quote.findFirstOrThrow({ where: { jobId: world.job.id, status: "declined" } })).id, world.loser.id)],
    ["a quote of a job that is not a contract", async () => signingReference((await db().quote.findFirstOrThrow({ where: { jobId: world.single.id } })).id, world.carrier.id)],
    ["a user of another carrier", () => Promise.resolve(signingReference(world.quote.id, world.outsider.id))],
    ["a driver of the winning carrier", () => Promise.resolve(signingReference(world.quote.id, world.driver.id))],
    [
      "a user no longer in the winning carrier's office",
      async () => {
        const former = await createUser("carrier", { role: "member", accountId: world.carrier.accountId });
        await db().user.update({ where: { id: former.id }, data: { removedAt: new Date() } });
        return signingReference(world.quote.id, former.id);
      },
    ],
  ])("answers 404 for %s, recording nothing", async (_case, reference) => {
    const answer = await providerPost(completion({ reference: await reference() }));
    expect([answer.status, answer.body]).toEqual([404, { error: "No award is waiting for this signature" }]);
    expect(await acceptances()).toEqual([]);
    expect(await shipperTold()).toBe(0);
  });

  it("refuses a body over 10 kB (413) before reading it", async () => {
    const answer = await providerPost(completion({ padding: "x".repeat(11 * 1024) }));
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ error: expect.any(String) });
    expect(await acceptances()).toEqual([]);
  });

  it("allows one address 60 posts a minute (429 after)", async () => {
    const own = testApp(PROVIDER);
    for (let i = 0; i < 60; i++) expect((await providerPost("{}", { signature: "sha256=00", to: own })).status).toBe(401);
    const over = await providerPost(completion(), { to: own });
    expect(over.status).toBe(429);
    expect(over.headers["retry-after"]).toMatch(/^\d+$/);
    expect(await acceptances()).toEqual([]);
  });

  it("is not there without a hosted provider: the usual CSRF check refuses a post from outside (403)", async () => {
    const answer = await providerPost(completion(), { to: testApp() });
    expect(answer.status).toBe(403);
    expect(await acceptances()).toEqual([]);
  });
});
