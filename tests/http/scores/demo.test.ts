import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { companyScores } from "#models/company-scores.server.ts";
import { seed } from "../../../prisma/seed.ts";
import { signedInAgent } from "../../support/app.ts";

// The demo's ratings (prisma/seeds/ratings.ts) give the demo companies real scores: their profiles,
// and the quotes page and board that show them, have something to show.

describe("demo scores", () => {
  it("gives Northwind, Pennine and Severn scores from revealed ratings, shown on their profiles", async () => {
    await seed(db());
    const accounts = await db().account.findMany({ where: { name: { in: ["Northwind Foods Ltd", "Pennine Haulage Ltd", "Severn Freight Services"] } }, select: { id: true, name: true } });
    expect(accounts).toHaveLength(3);
    const scores = await companyScores(accounts.map((account) => account.id));
    for (const account of accounts) expect(scores.get(account.id)?.centistars, account.name).not.toBeNull();
    const pennine = accounts.find((account) => account.name === "Pennine Haulage Ltd")!;
    const { browser } = await signedInAgent("shipper@example.com");
    const profile = (await browser.get(`/companies/${pennine.id}`).expect(200)).text;
    expect(profile).toContain("<h1>Pennine Haulage Ltd</h1>");
    expect(profile).toMatch(/out of 5 from \d+ ratings? by \d+ compan(y|ies)/);
    expect(profile).toContain("Reply from Pennine Haulage Ltd:");
  });
});
