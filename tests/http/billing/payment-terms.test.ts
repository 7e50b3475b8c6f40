import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob, formBody, jobFormBody } from "../../support/job-fixtures.ts";

// A job's payment terms: set from the shipper's billing details when the job is posted (published
// or saved as a draft; 30 days when it has none), kept as they were when the shipper's terms change
// later, and shown to carriers before they quote: on the job page's facts and on the board's row.

type User = Awaited<ReturnType<typeof createShipper>>;
type Signed = Awaited<ReturnType<typeof signedInAgent>>;
let shipper: User;
let owner: Signed;

beforeEach(async () => {
  shipper = await createShipper({ company: "Acme Foods" });
  owner = await signedInAgent(shipper.email);
});

const postJob = (reference: string, button: "publish" | "draft" = "publish") =>
  owner.browser.post("/jobs").type("form").send(formBody({ _csrf: owner.csrf, ...jobFormBody({ reference }), [button]: "1" }));
const termsOf = async (reference: string) =>
  (await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId, reference }, select: { paymentTermsDays: true } })).paymentTermsDays;
const saveTerms = (days: number) =>
  db().billingDetails.upsert({
    where: { accountId: shipper.accountId },
    create: { accountId: shipper.accountId, legalName: "Acme Foods Ltd", registeredAddress: "1 High Street\nLeeds", invoiceEmail: "accounts@acme.example", paymentTermsDays: days },
    update: { paymentTermsDays: days },
  });
/** The board row of this job (views/jobs/board.ejs), from its <tr> to the end of its first cell. */
const boardRow = (html: string, jobId: number) => new RegExp(`<tr id="job_${jobId}">[\\s\\S]*?</td>`).exec(html)?.[0] ?? "";

describe("a posted job carries the shipper's terms", () => {
  it.each([
    ["published", "publish"],
    ["saved as a draft", "draft"],
  ] as const)("%s: the shipper's own terms", async (_case, button) => {
    await saveTerms(45);
    expect((await postJob(`Terms ${button}`, button)).status).toBe(303);
    expect(await termsOf(`Terms ${button}`)).toBe(45);
  });

  it("30 days when the shipper has saved no billing details", async () => {
    expect((await postJob("No details")).status).toBe(303);
    expect(await termsOf("No details")).toBe(30);
  });

  it("terms saved through the billing page; a later change leaves jobs already posted as they were", async () => {
    const saved = await owner.browser.post("/account/billing").type("form").send({
      _csrf: owner.csrf, legal_name: "Acme Foods Ltd", registered_address: "1 High Street", invoice_email: "accounts@acme.example",
      payment_terms_days: "60", invoice_grouping: "per_load",
    });
    expect(saved.status).toBe(303);
    await postJob("Sixty days");
    await saveTerms(14);
    await postJob("Fourteen days");
    expect([await termsOf("Sixty days"), await termsOf("Fourteen days")]).toEqual([60, 14]);
  });
});

describe("carriers see the terms before they quote", () => {
  it("on the job page's facts and on the board's row", async () => {
    await saveTerms(45);
    await postJob("Pallets on terms");
    const job = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId, reference: "Pallets on terms" } });
    const carrier = await signedInAgent((await createCarrier()).email);

    const page = await carrier.browser.get(`/jobs/${job.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<dt>Payment terms</dt><dd>45 days from delivery</dd>");

    const board = await carrier.browser.get("/jobs");
    expect(boardRow(board.text, job.id)).toContain('<div class="muted payment-terms">Paid in 45 days</div>');
  });

  it("one day reads as a day", async () => {
    await saveTerms(1);
    await postJob("Next day pay");
    const job = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId, reference: "Next day pay" } });
    const carrier = await signedInAgent((await createCarrier()).email);
    expect((await carrier.browser.get(`/jobs/${job.id}`)).text).toContain("<dd>1 day from delivery</dd>");
    expect(boardRow((await carrier.browser.get("/jobs")).text, job.id)).toContain("Paid in 1 day<");
  });

  it("a job with no terms (posted before they were kept) shows none", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Old job" });
    expect(job.paymentTermsDays).toBeNull();
    const carrier = await signedInAgent((await createCarrier()).email);
    const page = await carrier.browser.get(`/jobs/${job.id}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("Payment terms");
    const row = boardRow((await carrier.browser.get("/jobs")).text, job.id);
    expect(row).toContain("Old job");
    expect(row).not.toContain("Paid in");
  });

  it("the shipper reads its own job's terms too", async () => {
    await postJob("Own terms");
    const job = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId, reference: "Own terms" } });
    expect((await owner.browser.get(`/jobs/${job.id}`)).text).toContain("<dt>Payment terms</dt><dd>30 days from delivery</dd>");
  });
});
