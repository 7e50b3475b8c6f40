import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createSignInLimiter } from "#server/rate-limit.server.ts";
import { signedInAgent, testApp, type Agent } from "../../support/app.ts";
import { createParties, deliveredLoad, type Parties } from "./invoice-fixtures.ts";

// Invoice numbers run without gaps or repeats in each carrier's series, however many drafts are sent
// at once (the http-pg project runs this file on PostgreSQL, where the sends really overlap), and a
// load is invoiced once however many proofs are accepted at once.

const app = testApp({}, { signInLimiter: createSignInLimiter({ ipPoints: 1_000 }) });
let parties: Parties;

beforeEach(async () => {
  parties = await createParties();
});

const accept = (office: { browser: Agent; csrf: string }, loadId: number) =>
  office.browser.post(`/loads/${loadId}/proof_review`).type("form").send({ _csrf: office.csrf, decision: "accept" });

describe("numbering", () => {
  it("50 proofs accepted at once, then their 50 drafts sent at once, give INV-000001 … INV-000050: no gap, no repeat, one invoice per load", async () => {
    const loadIds: number[] = [];
    for (let i = 0; i < 50; i += 1) loadIds.push(await deliveredLoad(parties, 10_000 + i));
    const office = await signedInAgent(parties.shipper.email, app);
    const answers = await Promise.all(loadIds.map((loadId) => accept(office, loadId)));
    expect(answers.map((answer) => answer.status)).toEqual(loadIds.map(() => 303));
    const drafts = await db().invoice.findMany({ where: { issuerAccountId: parties.carrier.accountId, status: "draft" }, select: { id: true } });
    expect(drafts).toHaveLength(50);
    const carrier = await signedInAgent(parties.carrier.email, app);
    const sent = await Promise.all(drafts.map((draft) => carrier.browser.post(`/invoices/${draft.id}/send`).type("form").send({ _csrf: carrier.csrf })));
    expect(sent.map((answer) => answer.status)).toEqual(drafts.map(() => 303));
    const invoices = await db().invoice.findMany({ where: { issuerAccountId: parties.carrier.accountId }, select: { number: true, sequence: true, lines: { select: { loadId: true } } }, orderBy: { sequence: "asc" } });
    expect(invoices.map((invoice) => invoice.number)).toEqual(Array.from({ length: 50 }, (_, i) => `INV-${String(i + 1).padStart(6, "0")}`));
    expect(invoices.flatMap((invoice) => invoice.lines.map((line) => line.loadId)).sort((a, b) => a! - b!)).toEqual(loadIds);
    expect(await db().invoiceSequence.findUnique({ where: { issuerAccountId_series: { issuerAccountId: parties.carrier.accountId, series: "INV" } } })).toEqual({ issuerAccountId: parties.carrier.accountId, series: "INV", last: 50 });
  });
});
