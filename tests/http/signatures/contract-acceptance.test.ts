import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signingReference } from "#domain/contracts/acceptance.ts";
import { parseEnv } from "#lib/env.server.ts";
import { purgeUnattachedBlobs } from "#models/uploads.server.ts";
import { signedInAgent, testApp, type Agent } from "../../support/app.ts";
import { awardedContract } from "../../support/contract-fixtures.ts";
import { realPng, uploaded } from "../../support/files.ts";

type Signed = { browser: Agent; csrf: string };
let world: Awaited<ReturnType<typeof awardedContract>>;
let carrier: Signed;

beforeEach(async () => {
  world = await awardedContract();
  carrier = await signedInAgent(world.carrier.email);
});

const acceptancePath = () => `/jobs/${world.job.id}/acceptance`;
const accept = (who: Signed, body: Record<string, string>, path = acceptancePath()) => who.browser.post(path).type("form").send({ _csrf: who.csrf, ...body });
const signature = (who: Signed = carrier) => realPng(600, 180).then((png) => uploaded(who.browser, who.csrf, png, "signature", "signature.png"));
const acceptances = () => db().contractAcceptance.findMany({ where: { jobId: world.job.id } });

describe("signing to accept a contract award", () => {
  it("shows the winning carrier's office the signing page in a frame, which only our own pages may frame", async () => {
    const page = await carrier.browser.get(acceptancePath());
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-controller="esignature"');
    expect(page.text).toContain(`data-esignature-url-value="/jobs/${world.job.id}/acceptance/sign"`);
    expect(page.text).toContain("Northwind Foods awarded Pennine Haulage 3 loads at £425.00 a load.");

    const signing = await carrier.browser.get(`${acceptancePath()}/sign`);
    expect(signing.status).toBe(200);
    expect(signing.text).toContain('data-controller="signing-pad"');
    expect(signing.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(signing.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect((await carrier.browser.get("/dashboard")).headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("answers 404 to everyone but the winning carrier's office, and for a job that is not a contract", async () => {
    for (const person of [world.shipper, world.driver, world.loser, world.outsider]) {
      const other = await signedInAgent(person.email);
      expect((await other.browser.get(acceptancePath())).status).toBe(404);
      expect((await other.browser.get(`${acceptancePath()}/sign`)).status).toBe(404);
      expect((await accept(other, { signer_name: "Someone" })).status).toBe(404);
    }
    expect((await carrier.browser.get(`/jobs/${world.single.id}/acceptance`)).status).toBe(404);
    expect((await carrier.browser.get("/jobs/0x1/acceptance")).status).toBe(404);
    expect(await acceptances()).toEqual([]);
  });

  it.each([
    ["without a signature", () => Promise.resolve({ signer_name: "Callum Wright" }), "Sign in the box to accept"],
    ["without a name", async () => ({ signer_name: " ", signature_signed_id: await signature() }), "Enter your full name"],
    ["with a photo instead of a signature", async () => ({ signer_name: "Callum Wright", signature_signed_id: await uploaded(carrier.browser, carrier.csrf, await realPng(50, 50)) }), "Sign in the box to accept"],
  ])("refuses an acceptance %s with 422, and stores nothing", async (_case, body, message) => {
    const answer = await accept(carrier, await body());
    expect(answer.status).toBe(422);
    expect(answer.text).toContain(message);
    expect(await acceptances()).toEqual([]);
  });

  it("refuses a post without the CSRF token (403)", async () => {
    const answer = await carrier.browser.post(acceptancePath()).type("form").send({ signer_name: "Callum Wright", signature_signed_id: await signature() });
    expect(answer.status).toBe(403);
    expect(await acceptances()).toEqual([]);
  });

  it("stores the acceptance once, tells the shipper, and shows the signed record instead of the frame", async () => {
    const signedId = await signature();
    const answer = await accept(carrier, { signer_name: "Callum Wright", signature_signed_id: signedId });

    expect([answer.status, answer.headers.location]).toEqual([303, acceptancePath()]);
    const [acceptance, ...more] = await acceptances();
    expect(more).toEqual([]);
    expect(acceptance).toMatchObject({ quoteId: world.quote.id, carrierAccountId: world.carrier.accountId, signerName: "Callum Wright", provider: "drawn", signedById: world.carrier.id, signatureBlobId: expect.any(Number) });
    expect(Math.abs(acceptance!.signedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await db().notification.findFirst({ where: { userId: world.shipper.id, title: "Pennine Haulage signed to accept Chilled runs to Leeds" } })).toMatchObject({ path: `/jobs/${world.job.id}` });

    const page = await carrier.browser.get(acceptancePath());
    expect(page.text).toContain("Contract accepted");
    expect(page.text).not.toContain('data-controller="esignature"');
    expect((await carrier.browser.get(`${acceptancePath()}/sign`)).status).toBe(404);

    const again = await accept(carrier, { signer_name: "Callum Again", signature_signed_id: await signature() });
    expect(again.status).toBe(409);
    expect(await acceptances()).toHaveLength(1);
    // The drawn signature is in use, so the purge of never-used uploads keeps it.
    await purgeUnattachedBlobs(Date.now() + 48 * 3_600_000);
    expect((await carrier.browser.get(`/acceptances/${acceptance!.id}/signature`)).status).toBe(200);
  });

  it("refuses a signature already used for another acceptance (422)", async () => {
    const signedId = await signature();
    expect((await accept(carrier, { signer_name: "Callum Wright", signature_signed_id: signedId })).status).toBe(303);
    const second = await awardedContractFor();
    expect((await accept(carrier, { signer_name: "Callum Wright", signature_signed_id: signedId }, `/jobs/${second}/acceptance`)).status).toBe(422);
  });
});

/** A second contract won by the same carrier. */
async function awardedContractFor(): Promise<number> {
  const job = await db().job.create({
    data: { shipperAccountId: world.shipper.accountId, createdById: world.shipper.id, reference: "Second contract", status: "awarded", jobType: "contract", loadType: "palletised" },
  });
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: world.carrier.accountId, placedById: world.carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "accepted" } });
  return job.id;
}

describe("the signed acceptance, a document of the award", () => {
  async function signed(): Promise<number> {
    await accept(carrier, { signer_name: "Callum Wright", signature_signed_id: await signature() });
    return (await acceptances())[0]!.id;
  }

  it("is downloadable by both sides as a PDF (opened, or saved as a file) with the signature image", async () => {
    const id = await signed();
    const shipper = await signedInAgent(world.shipper.email);
    for (const side of [carrier, shipper]) {
      const opened = await side.browser.get(`/acceptances/${id}.pdf`).buffer(true);
      expect([opened.status, opened.type]).toEqual([200, "application/pdf"]);
      expect(opened.headers["content-disposition"]).toMatch(/^inline; filename="Contract acceptance - Chilled runs to Leeds - Pennine Haulage.pdf"/);
      expect(Buffer.from(opened.body as Buffer).subarray(0, 5).toString()).toBe("%PDF-");
      const saved = await side.browser.post(`/acceptances/${id}.pdf`).type("form").send({ _csrf: side.csrf });
      expect(saved.headers["content-disposition"]).toMatch(/^attachment;/);
      const image = await side.browser.get(`/acceptances/${id}/signature`);
      expect([image.status, image.type]).toEqual([200, "image/png"]);
    }
  });

  it("answers 404 to anyone else", async () => {
    const id = await signed();
    for (const person of [world.driver, world.loser, world.outsider]) {
      const other = await signedInAgent(person.email);
      expect((await other.browser.get(`/acceptances/${id}.pdf`)).status).toBe(404);
      expect((await other.browser.get(`/acceptances/${id}/signature`)).status).toBe(404);
    }
  });

  it("is where the carrier finds it on the job page: 'Sign to accept' until signed, then the PDF; the shipper sees it too", async () => {
    const jobPage = await carrier.browser.get(`/jobs/${world.job.id}`);
    expect(jobPage.text).toContain(`<turbo-frame id="contract_acceptances" src="/jobs/${world.job.id}/acceptances" target="_top">`);
    expect((await carrier.browser.get(`/jobs/${world.job.id}/acceptances`)).text).toContain(`href="/jobs/${world.job.id}/acceptance">Sign to accept</a>`);
    const shipper = await signedInAgent(world.shipper.email);
    expect((await shipper.browser.get(`/jobs/${world.job.id}`)).text).toContain(`<turbo-frame id="contract_acceptances" src="/jobs/${world.job.id}/acceptances" target="_top">`);
    expect((await shipper.browser.get(`/jobs/${world.job.id}/acceptances`)).text).toContain("No carrier has signed to accept yet.");

    const id = await signed();

    expect((await carrier.browser.get(`/jobs/${world.job.id}/acceptances`)).text).toContain(`href="/acceptances/${id}.pdf"`);
    const list = (await shipper.browser.get(`/jobs/${world.job.id}/acceptances`)).text;
    expect(list).toContain("<strong>Pennine Haulage</strong> accepted: signed by Callum Wright");
    for (const person of [world.outsider, world.loser, world.driver]) expect((await (await signedInAgent(person.email)).browser.get(`/jobs/${world.job.id}/acceptances`)).status).toBe(404);
    expect((await shipper.browser.get(`/jobs/${world.single.id}/acceptances`)).status).toBe(404);
    expect((await carrier.browser.get(`/jobs/${world.single.id}`)).text).not.toContain("contract_acceptances");
  });
});

describe("a hosted signing provider", () => {
  const TEMPLATE = "https://sign.example/embed?ref={reference}";
  const SECRET = "the-secret-shared-with-the-provider-0123456789";
  const hostedApp = () => testApp({ SIGNATURE_PROVIDER_URL: TEMPLATE, SIGNATURE_PROVIDER_SECRET: SECRET });

  it("changes the frame: its URL, with a reference naming the award and the signer, and origin, allowed by the CSP", async () => {
    const hosted = await signedInAgent(world.carrier.email, hostedApp());
    const reference = signingReference(world.quote.id, world.carrier.id);
    expect(reference).toBe(`loadline-acceptance-${world.quote.id}-${world.carrier.id}`);
    const page = await hosted.browser.get(acceptancePath());
    expect(page.text).toContain(`data-esignature-url-value="https://sign.example/embed?ref=${reference}"`);
    expect(page.text).toContain('data-esignature-origin-value="https://sign.example"');
    expect(page.text).toContain("Once the signing provider confirms your signature, your acceptance is saved and the shipper is told.");
    expect(page.text).not.toContain("Waiting for the signing provider");
    expect(page.headers["content-security-policy"]).toContain("frame-src 'self' https://sign.example;");
    expect((await hosted.browser.get(`${acceptancePath()}/sign`)).status).toBe(404);
  });

  it("never records what the carrier's browser posts: the page waits for the provider's own confirmation", async () => {
    const hosted = await signedInAgent(world.carrier.email, hostedApp());
    // The reference the page used to show, and today's: posted back, neither proves a signature.
    for (const reference of [`loadline-acceptance-${world.quote.id}`, signingReference(world.quote.id, world.carrier.id)]) {
      const answer = await accept(hosted, { signer_name: "Callum Wright", reference });
      expect([answer.status, answer.headers.location]).toEqual([303, `${acceptancePath()}?confirming=1`]);
    }
    expect(await acceptances()).toEqual([]);
    expect(await db().notification.count({ where: { userId: world.shipper.id } })).toBe(0);

    const waiting = await hosted.browser.get(`${acceptancePath()}?confirming=1`);
    expect(waiting.text).toContain("Waiting for the signing provider to confirm your signature.");
    expect(waiting.text).toContain('data-controller="esignature"');
  });

  it("once the provider has confirmed, answers the browser's post with the Signed notice and shows the record", async () => {
    const hosted = await signedInAgent(world.carrier.email, hostedApp());
    await db().contractAcceptance.create({
      data: { quoteId: world.quote.id, jobId: world.job.id, carrierAccountId: world.carrier.accountId, signerName: "Callum Wright", signedAt: new Date(), provider: "hosted", providerReference: signingReference(world.quote.id, world.carrier.id), signedById: world.carrier.id },
    });
    const answer = await accept(hosted, { signer_name: "Someone Else", reference: "anything" });
    expect([answer.status, answer.headers.location]).toEqual([303, acceptancePath()]);
    const page = await hosted.browser.get(acceptancePath());
    expect(page.text).toContain("Signed. The shipper has been told you accept the contract.");
    expect(page.text).toContain("Contract accepted");
    expect(await acceptances()).toEqual([expect.objectContaining({ signerName: "Callum Wright" })]);
  });

  it("is configured by an https URL template with {reference} and a secret shared with the provider", () => {
    const secret = { SIGNATURE_PROVIDER_SECRET: SECRET };
    expect(() => parseEnv({ SIGNATURE_PROVIDER_URL: "https://sign.example/embed", ...secret })).toThrow(/SIGNATURE_PROVIDER_URL: must contain \{reference\}/);
    expect(() => parseEnv({ SIGNATURE_PROVIDER_URL: "http://sign.example/{reference}", ...secret })).toThrow(/must be an https URL/);
  });
});
