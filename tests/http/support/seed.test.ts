import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seed } from "../../../prisma/seed.ts";
import { seedUsers } from "../../../prisma/seeds/users.ts";
import { seedSupport } from "../../../prisma/seeds/support.ts";
import { signedInAgent } from "../../support/app.ts";

const counts = async () => ({ chats: await db().supportConversation.count(), messages: await db().supportMessage.count(), jobs: await db().job.count() });

describe("demo support chats and contract", () => {
  it("give support one unanswered chat and Pennine Haulage a contract to sign for, idempotently", async () => {
    await seed(db());
    await seedSupport(db(), await seedUsers(db()));
    const once = await counts();
    await seedSupport(db(), await seedUsers(db()));
    expect(await counts()).toEqual(once);

    const support = await signedInAgent("support@example.com");
    expect((await support.browser.get("/admin")).text).toContain("Where do I sign for the Midlands contract we won?");
    const job = await db().job.findFirstOrThrow({ where: { reference: "Contract: Midlands ambient replenishment" } });
    const carrier = await signedInAgent("carrier@example.com");
    expect((await carrier.browser.get(`/jobs/${job.id}/acceptance`)).status).toBe(200);
    expect((await carrier.browser.get(`/jobs/${job.id}/acceptances`)).text).toContain("Sign to accept");
  });
});
