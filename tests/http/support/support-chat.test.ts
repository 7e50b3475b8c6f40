import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { parseEnv } from "#lib/env.server.ts";
import { TURBO_STREAM } from "#lib/turbo.server.ts";
import { canFollowStream } from "#server/stream-access.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { agent, signedInAgent, testApp, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createSupport, createUser } from "../../support/fixtures.ts";
import { recordBroadcasts } from "../../support/messaging-fixtures.ts";

type Person = Awaited<ReturnType<typeof createShipper>>;
type Signed = { browser: Agent; csrf: string };
let shipper: Person;
let staff: Person;
let recorder: ReturnType<typeof recordBroadcasts>;

beforeEach(async () => {
  shipper = await createShipper({ name: "Sarah Shipper" });
  staff = await createSupport({ name: "Sam Support" });
  recorder = recordBroadcasts();
});
afterEach(() => recorder.stop());

const write = (who: Signed, body: string, accept = "text/html") => who.browser.post("/support/messages").set("Accept", accept).type("form").send({ _csrf: who.csrf, body });
const answer = (who: Signed, id: number, body: string, accept = "text/html") =>
  who.browser.post(`/admin/support/${id}/messages`).set("Accept", accept).type("form").send({ _csrf: who.csrf, body });
const chatOf = (userId: number) => db().supportConversation.findUniqueOrThrow({ where: { userId }, include: { messages: { orderBy: { id: "asc" } } } });

describe("a person's support chat", () => {
  it("starts with their first message, which support's inbox shows at once", async () => {
    const person = await signedInAgent(shipper.email);
    expect((await person.browser.get("/support")).text).toContain("Ask us anything about Loadline");

    const sent = await write(person, "How do I add a colleague?");

    expect([sent.status, sent.headers.location]).toEqual([303, "/support"]);
    const chat = await chatOf(shipper.id);
    expect(chat.messages).toEqual([expect.objectContaining({ fromUserId: shipper.id, fromSupport: false, body: "How do I add a colleague?", readAt: null })]);
    expect((await person.browser.get("/support")).text).toContain("How do I add a colleague?");
    expect(recorder.to("support:inbox").join("")).toContain(`<turbo-stream action="prepend" target="support_inbox">`);
    expect(recorder.to(`support:user:${shipper.id}`).join("")).toContain("How do I add a colleague?");
  });

  it("answers Turbo with the new message and a fresh message box, the same message the chat's stream carries", async () => {
    const person = await signedInAgent(shipper.email);
    const sent = await write(person, "Hello support", `${TURBO_STREAM}, text/html`);
    expect([sent.status, sent.type]).toEqual([200, TURBO_STREAM]);
    expect(sent.text).toContain(`<turbo-stream action="append" target="support_chat_${shipper.id}_messages">`);
    expect(sent.text).toContain(`<turbo-stream action="replace" target="support_chat_${shipper.id}_form">`);
    expect(recorder.to(`support:user:${shipper.id}`)[0]).toBe(sent.text.slice(0, sent.text.indexOf('<turbo-stream action="replace"')));
  });

  it("refuses an empty message with 422 beside the field, and stores nothing", async () => {
    const person = await signedInAgent(shipper.email);
    const page = await write(person, "   ");
    expect(page.status).toBe(422);
    expect(page.text).toContain("Write a message first");
    const stream = await write(person, "", TURBO_STREAM);
    expect([stream.status, stream.type]).toEqual([422, TURBO_STREAM]);
    expect(stream.text).toContain("Write a message first");
    expect(await db().supportConversation.count({ where: { userId: shipper.id } })).toBe(0);
  });

  it("refuses a post without the CSRF token (403)", async () => {
    const person = await signedInAgent(shipper.email);
    const response = await person.browser.post("/support/messages").type("form").send({ body: "No token" });
    expect(response.status).toBe(403);
    expect(await db().supportMessage.count({ where: { body: "No token" } })).toBe(0);
  });

  it("shows each person only their own chat; support staff have none of their own (404)", async () => {
    await write(await signedInAgent(shipper.email), "Private question");
    const other = await createCarrier();
    expect((await (await signedInAgent(other.email)).browser.get("/support")).text).not.toContain("Private question");
    expect((await (await signedInAgent(staff.email)).browser.get("/support")).status).toBe(404);
  });

  it("answers the chat button's frame with the frame alone", async () => {
    const person = await signedInAgent(shipper.email);
    const frame = await person.browser.get("/support").set("Turbo-Frame", "support_chat");
    expect(frame.status).toBe(200);
    expect(frame.text.trimStart()).toMatch(/^<turbo-frame id="support_chat">/);
    expect(frame.text).not.toContain("<html");
  });
});

describe("support staff in /admin", () => {
  it("see the chat with its unread badge, read it, and answer: audited, live, and the person is told", async () => {
    const person = await signedInAgent(shipper.email);
    await write(person, "Where is my invoice?");
    const { id } = await chatOf(shipper.id);
    const support = await signedInAgent(staff.email);

    const inbox = await support.browser.get("/admin");
    expect(inbox.text).toMatch(new RegExp(`id="support_inbox_item_${id}"[\\s\\S]*?Sarah Shipper[\\s\\S]*?badge badge-unread" title="Unread">1<`));
    const opened = await support.browser.get(`/admin/support/${id}`);
    expect(opened.status).toBe(200);
    expect(opened.text).toContain("Where is my invoice?");
    expect((await chatOf(shipper.id)).messages[0]!.readAt).not.toBeNull();
    expect((await support.browser.get("/admin")).text).toMatch(new RegExp(`id="support_inbox_item_${id}"[\\s\\S]*?class="badge" title="Unread">0<`));

    const sent = await answer(support, id, "It is under Account › Invoices.");

    expect([sent.status, sent.headers.location]).toEqual([303, `/admin/support/${id}`]);
    const reply = (await chatOf(shipper.id)).messages[1]!;
    expect(reply).toMatchObject({ fromUserId: staff.id, fromSupport: true, body: "It is under Account › Invoices.", readAt: null });
    const entry = await db().auditLog.findFirstOrThrow({ where: { action: "support.answer", actorId: staff.id } });
    expect([entry.targetId, JSON.parse(entry.data)]).toEqual([shipper.id, { conversationId: id, messageId: reply.id }]);
    expect(recorder.to(`support:user:${shipper.id}`).join("")).toContain("It is under Account › Invoices.");
    expect(recorder.to(`user:${shipper.id}`).join("")).toContain('id="support_chat_badge"');
    expect(await db().notification.findFirst({ where: { userId: shipper.id, title: "Loadline support answered you" } })).toMatchObject({ path: "/support" });

    expect((await person.browser.get("/support")).text).toContain("It is under Account › Invoices.");
    expect((await chatOf(shipper.id)).messages[1]!.readAt).not.toBeNull();
  });

  it("refuses an empty answer (422) and audits nothing", async () => {
    await write(await signedInAgent(shipper.email), "Hello");
    const { id } = await chatOf(shipper.id);
    const support = await signedInAgent(staff.email);
    const refused = await answer(support, id, " ");
    expect(refused.status).toBe(422);
    expect(refused.text).toContain("Write a message first");
    expect(await db().auditLog.count({ where: { action: "support.answer", actorId: staff.id } })).toBe(0);
  });

  it("are the only ones who see or answer chats: others get 403, a chat that does not exist 404", async () => {
    await write(await signedInAgent(shipper.email), "Hello");
    const { id } = await chatOf(shipper.id);
    const carrier = await signedInAgent((await createCarrier()).email);
    expect((await carrier.browser.get("/admin")).status).toBe(403);
    expect((await carrier.browser.get(`/admin/support/${id}`)).status).toBe(403);
    expect((await answer(carrier, id, "Not mine to answer")).status).toBe(403);
    const support = await signedInAgent(staff.email);
    for (const missing of ["999999999", "0x1", "abc"]) expect((await support.browser.get(`/admin/support/${missing}`)).status).toBe(404);
    expect((await answer(support, 999_999_999, "Nobody there")).status).toBe(404);
  });
});

describe("typing notices in a support chat", () => {
  const typing = (who: Signed, path: string) => who.browser.post(path).set({ "X-CSRF-Token": who.csrf, Accept: "application/json" }).send({});

  it("relay each side's typing to the chat's stream, once per interval, and a message drops its writer's notice", async () => {
    const person = await signedInAgent(shipper.email);
    expect((await typing(person, "/support/typing")).status).toBe(204);
    expect((await typing(person, "/support/typing")).status).toBe(204);
    const notices = recorder.to(`support:user:${shipper.id}`);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`<turbo-stream action="append" target="support_chat_${shipper.id}_typing">`);
    expect(notices[0]).toContain("Sarah Shipper is typing…");

    await write(person, "Hello");
    const { id } = await chatOf(shipper.id);
    const support = await signedInAgent(staff.email);
    expect((await typing(support, `/admin/support/${id}/typing`)).status).toBe(204);
    expect(recorder.to(`support:user:${shipper.id}`).join("")).toContain("Sam Support is typing…");
    const sent = await answer(support, id, "Hi Sarah", TURBO_STREAM);
    expect(sent.text).toContain(`<turbo-stream action="remove" target="typing_notice_support_chat_${shipper.id}_${staff.id}">`);
  });

  it("refuse others (403), a chat that does not exist (404) and a post without the CSRF token (403)", async () => {
    await write(await signedInAgent(shipper.email), "Hello");
    const { id } = await chatOf(shipper.id);
    const carrier = await signedInAgent((await createCarrier()).email);
    expect((await typing(carrier, `/admin/support/${id}/typing`)).status).toBe(403);
    expect((await typing(await signedInAgent(staff.email), "/admin/support/999999999/typing")).status).toBe(404);
    expect((await carrier.browser.post("/support/typing").set("Accept", "application/json").send({})).status).toBe(403);
  });
});

describe("the live streams of support chats", () => {
  const as = async (user: { id: number }) => (await findUserWithAccount(user.id))!;

  it("a person follows only their own chat; support staff follow every chat and the inbox", async () => {
    const other = await createUser("carrier", { role: "driver" });
    expect(await canFollowStream(await as(shipper), `support:user:${shipper.id}`)).toBe(true);
    expect(await canFollowStream(await as(other), `support:user:${other.id}`)).toBe(true);
    expect(await canFollowStream(await as(shipper), `support:user:${other.id}`)).toBe(false);
    expect(await canFollowStream(await as(shipper), "support:inbox")).toBe(false);
    expect(await canFollowStream(await as(staff), `support:user:${shipper.id}`)).toBe(true);
    expect(await canFollowStream(await as(staff), "support:inbox")).toBe(true);
    expect(await canFollowStream(await as(staff), `user:${shipper.id}`)).toBe(false);
  });
});

describe("the chat button on every signed-in page", () => {
  it("is on signed-in pages, not for visitors nor support staff, and brings no third-party script", async () => {
    const page = await (await signedInAgent(shipper.email)).browser.get("/dashboard");
    expect(page.text).toContain('data-controller="support-chat"');
    expect(page.text).toContain('data-src="/support"');
    expect(page.headers["content-security-policy"]).toContain("script-src 'self';");
    expect((await agent().get("/login")).text).not.toContain("support-chat");
    expect((await (await signedInAgent(staff.email)).browser.get("/admin")).text).not.toContain('data-controller="support-chat"');
  });

  it("gives way to a configured third-party chat script, whose origin only then the CSP allows", async () => {
    const app = testApp({ SUPPORT_CHAT_SCRIPT_URL: "https://widget.chat.example/loader.js" });
    const page = await (await signedInAgent(shipper.email, app)).browser.get("/dashboard");
    expect(page.text).toContain('<script src="https://widget.chat.example/loader.js" async data-turbo-eval="false"></script>');
    expect(page.text).not.toContain('data-controller="support-chat"');
    expect(page.headers["content-security-policy"]).toContain("script-src 'self' https://widget.chat.example;");
    expect((await agent(app).get("/login")).text).not.toContain("widget.chat.example/loader.js");
  });

  it("takes only an https script URL", () => {
    expect(() => parseEnv({ SUPPORT_CHAT_SCRIPT_URL: "http://widget.chat.example/loader.js" })).toThrow(/SUPPORT_CHAT_SCRIPT_URL: must be an https URL/);
  });
});
