import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { DEMO_SAVED_SEARCHES, seedSavedSearches } from "../../../prisma/seeds/saved-searches.ts";
import { seed } from "../../../prisma/seed.ts";
import { sendHourlyDigests } from "#models/digests/hourly.server.ts";
import { lettersTo } from "../../support/outbox.ts";

const counts = async () => ({ searches: await db().savedSearch.count(), matches: await db().savedSearchMatch.count() });

describe("demo saved searches", () => {
  it("give each demo carrier office user one search matching some demo jobs, idempotently, with no digest owed", async () => {
    await seed(db());
    await seedSavedSearches(db());
    const once = await counts();
    await seedSavedSearches(db());
    expect(await counts()).toEqual(once);

    for (const demo of DEMO_SAVED_SEARCHES) {
      const searches = await db().savedSearch.findMany({ where: { user: { email: demo.email } }, include: { matches: { include: { job: { select: { status: true } } } } } });
      expect(searches.map((search) => search.name)).toEqual([demo.name]);
      expect(searches[0]!.matches.length).toBeGreaterThan(0);
      for (const match of searches[0]!.matches) {
        expect(["open", "scheduled", "live"]).toContain(match.job.status);
        expect(match.emailedAt).toBeInstanceOf(Date);
      }
    }

    await sendHourlyDigests(new Date(), "http://localhost:3000");
    for (const demo of DEMO_SAVED_SEARCHES) expect(lettersTo(demo.email)).toEqual([]);
  });
});
