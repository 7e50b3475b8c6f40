import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { formatDateTime } from "#domain/format/dates.ts";
import { sgidFor } from "#models/messages.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { ORIGIN, minutesAfter, minutesFromNow, sweep } from "../../support/email-fixtures.ts";
import { messagingWorld } from "../../support/messaging-fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";

const STREAM = "text/vnd.turbo-stream.html";
type Person = { email: string };
let world: Awaited<ReturnType<typeof messagingWorld>>;

beforeEach(async () => {
  world = await messagingWorld();
});

/** Writes on the load's conversation, as the page's form does; answers the message. */
async function write(from: Person, body: string) {
  const { browser, csrf } = await signedInAgent(from.email);
  await browser.post(`/loads/${world.load.id}/messages`).set("Accept", STREAM).type("form").send({ _csrf: csrf, body }).expect(200);
  return db().message.findFirstOrThrow({ where: { body, loadId: world.load.id }, orderBy: { id: "desc" } });
}

/** The page reports the message read as it appears, for the reader's account. */
async function read(reader: Person, message: { id: number }) {
  const { browser, csrf } = await signedInAgent(reader.email);
  await browser.put(`/api/v1/messages/${encodeURIComponent(sgidFor(message.id))}/read.json`).set("X-CSRF-Token", csrf).expect(200);
}

describe("a message left unread for 15 minutes, e-mailed to its recipients", () => {
  it("is e-mailed to each person it is for once it has waited 15 minutes unread, not before", async () => {
    const message = await write(world.carrier, "The lorry is 20 minutes out; is the bay free?");

    await sweep(minutesFromNow(14));
    expect(lettersTo(world.shipper.email)).toEqual([]);

    await sweep(minutesFromNow(16));
    const [letter] = lettersTo(world.shipper.email);
    expect(letter!.subject).toBe("1 unread message about load 1 of Pallets to Belfast");
    expect(letter!.text).toContain(
      `Hello Sarah Shipper,\n\nYou have 1 unread message about load 1 of Pallets to Belfast:\n\n` +
        `Callum Carrier (${world.carrier.account.name}), ${formatDateTime(message.createdAt)}:\nThe lorry is 20 minutes out; is the bay free?\n\n` +
        `Read and reply: ${ORIGIN}/loads/${world.load.id}/messages\n`,
    );
    expect(letter!.text).toContain("“Unread messages” is ticked");
    expect(letter!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(lettersTo(world.shipperColleague.email)).toHaveLength(1);
    // The sender's side wrote it.
    expect([...lettersTo(world.carrier.email), ...lettersTo(world.driver.email)]).toEqual([]);
  });

  it("reaches the load's driver too when the shipper writes", async () => {
    await write(world.shipper, "Use gate 3 please");

    await sweep(minutesFromNow(16));

    expect(lettersTo(world.driver.email).map((l) => l.subject)).toEqual(["1 unread message about load 1 of Pallets to Belfast"]);
    expect(lettersTo(world.carrier.email)).toHaveLength(1);
    expect(lettersTo(world.otherDriver.email)).toEqual([]);
  });

  it("sends one e-mail for a burst of messages, and nothing more until they are read; then the next burst has its own", async () => {
    await write(world.carrier, "First");
    await write(world.carrier, "Second");
    await write(world.carrier, "Third");
    const t0 = minutesFromNow(16);
    await sweep(t0);
    const [burst] = lettersTo(world.shipper.email);
    expect(burst!.subject).toBe("3 unread messages about load 1 of Pallets to Belfast");
    expect(burst!.text).toMatch(/:\nFirst\n\n.*:\nSecond\n\n.*:\nThird\n/);

    // Still unread: a fourth message joins the same burst.
    const fourth = await write(world.carrier, "Fourth");
    await sweep(minutesAfter(t0, 30));
    expect(lettersTo(world.shipper.email)).toHaveLength(1);

    // The conversation's page reports each message read as it shows them.
    for (const message of await db().message.findMany({ where: { loadId: world.load.id, readAt: null, toAccountId: world.shipper.accountId } })) await read(world.shipper, message);
    expect(await db().message.count({ where: { id: fourth.id, readAt: null } })).toBe(0);
    await write(world.carrier, "Fifth, after you read the rest");
    await sweep(minutesAfter(t0, 31));
    const letters = lettersTo(world.shipper.email);
    expect(letters.map((l) => l.subject)).toEqual(["3 unread messages about load 1 of Pallets to Belfast", "1 unread message about load 1 of Pallets to Belfast"]);
    expect(letters[1]!.text).toContain("Fifth, after you read the rest");
  });

  it("sends nothing for a message read in time (by anyone on the account), or whose notification was read", async () => {
    const readOnThePage = await write(world.carrier, "Read on the page");
    await read(world.shipperColleague, readOnThePage);
    await sweep(minutesFromNow(16));
    expect([...lettersTo(world.shipper.email), ...lettersTo(world.shipperColleague.email)]).toEqual([]);

    await write(world.carrier, "Seen in the notifications");
    const { browser, csrf } = await signedInAgent(world.shipper.email);
    await browser.post("/notifications").type("form").send({ _csrf: csrf, _method: "patch" }).expect(303);
    await sweep(minutesFromNow(16));
    expect(lettersTo(world.shipper.email)).toEqual([]);
    expect(lettersTo(world.shipperColleague.email).map((l) => l.text.includes("Seen in the notifications"))).toEqual([true]);
  });

  it("sends nothing to someone who switched unread messages off", async () => {
    const { browser, csrf } = await signedInAgent(world.driver.email);
    await browser.post("/account/email_preferences").type("form").send({ _csrf: csrf, _method: "patch", email_kinds: [""] }).expect(303);
    await write(world.shipper, "Where are you?");

    await sweep(minutesFromNow(16));

    expect(lettersTo(world.driver.email)).toEqual([]);
    expect(lettersTo(world.carrier.email)).toHaveLength(1);
  });
});
