import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seed } from "../../prisma/seed.ts";

const counts = async () => ({
  accounts: await db().account.count(),
  users: await db().user.count(),
  jobs: await db().job.count(),
  quotes: await db().quote.count(),
  loads: await db().load.count(),
  messages: await db().message.count(),
  notifications: await db().notification.count(),
  files: await db().fileBlob.count(),
  attachments: await db().attachment.count(),
  proofs: await db().proofOfDelivery.count(),
  complianceDocuments: await db().complianceDocument.count(),
  positions: await db().loadPosition.count(),
  invitations: await db().invitation.count(),
  invoices: await db().invoice.count(),
  billingDetails: await db().billingDetails.count(),
  pools: await db().pool.count(),
  apiKeys: await db().apiKey.count(),
});

describe("demo data", () => {
  it("is idempotent: seeding twice changes nothing", async () => {
    await seed(db());
    const once = await counts();
    expect(once.users).toBeGreaterThanOrEqual(5);
    await seed(db());
    expect(await counts()).toEqual(once);
  });

  it("offers Northwind's chilled yoghurt job to the Pennine regulars first, and has the README's two demo API keys", async () => {
    await seed(db());
    const job = await db().job.findFirstOrThrow({ where: { reference: "Chilled yoghurt Leeds to Doncaster" }, include: { pools: { include: { pool: { include: { members: true } } } } } });
    expect(job).toMatchObject({ audience: "pools_then_market", onMarket: false });
    expect(job.pools.map((offer) => offer.pool.name)).toEqual(["Pennine regulars"]);
    const pennine = await db().account.findFirstOrThrow({ where: { users: { some: { email: "carrier@example.com" } } } });
    expect(job.pools[0]!.pool.members.map((member) => member.carrierAccountId)).toEqual([pennine.id]);
    const keys = await db().apiKey.findMany({ where: { name: { startsWith: "Demo: " } }, select: { prefix: true } });
    expect(keys.map((key) => key.prefix).sort()).toEqual(["ll_live_demo", "ll_live_demo"]);
  });
});

describe("demo invoices", () => {
  it("has Northwind's invoices from both carriers, sent and numbered in each one's series, dated when each proof was accepted: unpaid ones, one paid, one paid and confirmed, and Severn's latest a draft", async () => {
    await seed(db());
    const northwind = await db().account.findFirstOrThrow({ where: { name: "Northwind Foods Ltd" } });
    const severn = await db().account.findFirstOrThrow({ where: { name: "Severn Freight Services" } });
    const invoices = await db().invoice.findMany({ where: { customerAccountId: northwind.id }, orderBy: { taxPoint: "asc" }, include: { lines: true } });
    expect(new Set(invoices.map((invoice) => invoice.issuerAccountId)).size).toBe(2);
    expect(invoices.every((invoice) => invoice.lines.length === 1 && invoice.grossPence === invoice.netPence + invoice.vatPence)).toBe(true);
    const sent = invoices.filter((invoice) => invoice.status !== "draft");
    for (const issuer of new Set(sent.map((invoice) => invoice.issuerAccountId))) {
      const numbers = sent.filter((invoice) => invoice.issuerAccountId === issuer).map((invoice) => invoice.sequence).sort((a, b) => a! - b!);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
    const drafts = invoices.filter((invoice) => invoice.status === "draft");
    expect(drafts.map((draft) => [draft.issuerAccountId, draft.number, draft.sequence])).toEqual([[severn.id, null, null]]);
    // Severn's draft is its latest delivery.
    expect(drafts[0]!.taxPoint).toEqual(invoices.filter((invoice) => invoice.issuerAccountId === severn.id).at(-1)!.taxPoint);
    const states = invoices.map((invoice) => (invoice.receiptConfirmedAt ? "confirmed" : invoice.status));
    expect(states.filter((state) => state === "confirmed")).toHaveLength(1);
    expect(states.filter((state) => state === "paid")).toHaveLength(1);
    expect(states.filter((state) => state === "issued").length).toBeGreaterThanOrEqual(2);
    // Dated when each proof was accepted: never due before it was issued.
    expect(sent.every((invoice) => invoice.issueDate >= invoice.taxPoint && invoice.dueDate > invoice.issueDate)).toBe(true);
  });
});

describe("demo files", () => {
  it("put documents and photos on the load being driven and a delivered load with its proof, stored for real; Pennine's insurance runs out within 30 days", async () => {
    await seed(db());
    const loads = await db().load.findMany({ where: { attachments: { some: {} } }, include: { attachments: { include: { blob: true } }, proof: true }, orderBy: { sequence: "asc" } });
    expect(loads.map((load) => [load.status, load.attachments.map((a) => a.kind).sort(), load.proof?.recipientName ?? null])).toEqual([
      ["collected", ["document", "photo", "photo"], null],
      ["delivered", ["document", "photo"], "Mark Allen"],
    ]);
    const { storage } = await import("#lib/storage.server.ts");
    for (const attachment of loads.flatMap((load) => load.attachments)) expect(await storage().size(attachment.blob.key)).toBe(attachment.blob.byteSize);
    const pennine = await db().account.findFirstOrThrow({ where: { users: { some: { email: "carrier@example.com" } } } });
    const { standingsOf } = await import("#models/compliance.server.ts");
    expect((await standingsOf([pennine.id])).get(pennine.id)).toEqual({ state: "current", expiringSoon: true, label: "Documents current" });
  });
});

describe("demo tracking", () => {
  it("gives the load being driven a trail of positions from its collection, oldest first and ending minutes ago, and none to loads not yet collected", async () => {
    await seed(db());
    const onTheRoad = await db().load.findMany({ where: { positions: { some: {} } }, select: { status: true, positions: { orderBy: { recordedAt: "asc" } }, stops: { select: { jobLocation: true } } } });
    expect(onTheRoad.map((load) => load.status)).toEqual(["collected"]);
    const [{ positions, stops }] = onTheRoad as [(typeof onTheRoad)[number]];
    const pickup = stops.find((s) => s.jobLocation.kind === "pickup")!.jobLocation;
    expect(positions).toHaveLength(13);
    expect([positions[0]!.latitude, positions[0]!.longitude]).toEqual([pickup.latitude, pickup.longitude]);
    const ago = Date.now() - positions.at(-1)!.recordedAt.getTime();
    expect(ago).toBeGreaterThan(60_000);
    expect(ago).toBeLessThan(10 * 60_000);
  });
});

describe("demo team", () => {
  it("has one invitation waiting, from Pennine's admin to a new driver, in the outbox", async () => {
    await seed(db());
    const { DEMO_INVITEE } = await import("../../prisma/seeds/team.ts");
    const { lettersTo } = await import("../support/outbox.ts");
    const invitations = await db().invitation.findMany({ select: { email: true, role: true, invitedBy: { select: { email: true } } } });
    expect(invitations).toEqual([{ email: DEMO_INVITEE, role: "driver", invitedBy: { email: "carrier@example.com" } }]);
    const letters = lettersTo(DEMO_INVITEE);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.link).toMatch(/\/invitations\/[^/\s]+$/);
  });
});

describe("demo history", () => {
  it("gives every chart on both offices' dashboards a year of figures: spend by two carriers, four lanes, quotes won and lost", async () => {
    await seed(db());
    const { signedInAgent } = await import("../support/app.ts");
    const { chartPropsIn } = await import("../support/chart-fixtures.ts");
    const shipper = (await (await signedInAgent("shipper@example.com")).browser.get("/dashboard").expect(200)).text;
    const spend = chartPropsIn(shipper, "chart-spend-per-month");
    expect(spend.datasets!.map((d) => d.label).sort()).toEqual(["Pennine Haulage Ltd", "Severn Freight Services"]);
    expect(spend.datasets!.every((d) => d.values.filter((v) => v > 0).length >= 10)).toBe(true);
    expect(chartPropsIn(shipper, "chart-carrier-share").labels).toHaveLength(2);
    expect(chartPropsIn(shipper, "chart-loads-by-status").labels).toContain("Delivered");
    expect(chartPropsIn(shipper, "chart-lane-prices").labels).toHaveLength(5);
    expect(shipper).toMatch(/<span class="stat-value">\d\d%<\/span><span class="stat-title">Collected on time<\/span>/);
    const carrier = (await (await signedInAgent("carrier@example.com")).browser.get("/dashboard").expect(200)).text;
    const quotes = chartPropsIn(carrier, "chart-quotes-placed-won").datasets!;
    expect(quotes[0]!.values.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(11);
    expect(quotes[1]!.values.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5);
    expect(chartPropsIn(carrier, "chart-revenue-per-month").values!.filter((v) => v > 0).length).toBeGreaterThanOrEqual(11);
  });

  it("has a contract whose finished months ran within, above and below the estimate, notified once each when off", async () => {
    await seed(db());
    const { HISTORY_CONTRACT_REFERENCE } = await import("../../prisma/seeds/history.ts");
    const { callOffMonths, sendCallOffNotices } = await import("#models/call-offs.server.ts");
    const job = await db().job.findFirstOrThrow({ where: { reference: HISTORY_CONTRACT_REFERENCE } });
    const months = await callOffMonths(job);
    expect(months.map((m) => [m.estimate, m.calledOff, m.variance])).toEqual([
      [10, 10, "within"],
      [10, 13, "above"],
      [10, 7, "below"],
      [10, 11, "within"],
      [10, 9, "within"],
      [10, 3, "below"],
    ]);
    await sendCallOffNotices();
    await sendCallOffNotices();
    const notices = await db().notification.findMany({ where: { kind: "call_off", path: { startsWith: `/jobs/${job.id}#` } }, select: { path: true, user: { select: { email: true } } } });
    expect(notices.map((n) => `${n.user.email} ${n.path!.slice(-7)}`).sort()).toEqual(
      [`carrier@example.com ${months[1]!.month}`, `carrier@example.com ${months[2]!.month}`, `shipper@example.com ${months[1]!.month}`, `shipper@example.com ${months[2]!.month}`].sort(),
    );
  });
});
