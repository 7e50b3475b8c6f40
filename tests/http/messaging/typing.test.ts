import { describe, expect, it } from "vitest";
import { agent, csrfTokenFor, signedInAgent } from "../../support/app.ts";
import { useMessagingWorld, openJobWithQuote } from "../../support/messaging-fixtures.ts";

// POST /api/v1/message_typing_event {load_id, job_id, to_account_id}: the page reports that its user is typing.

const PATH = "/api/v1/message_typing_event";
const ctx = useMessagingWorld();

const onLoad = () => ({ load_id: ctx.world.load.id, job_id: ctx.world.job.id });

describe("POST /api/v1/message_typing_event", () => {
  it("tells the load's conversation that the shipper is typing, naming the typist", async () => {
    const { browser, csrf } = await signedInAgent(ctx.world.shipper.email);

    const response = await browser.post(PATH).set("X-CSRF-Token", csrf).send({ ...onLoad(), to_account_id: ctx.world.carrier.accountId });

    expect(response.status).toBe(204);
    const [notice] = ctx.recorder.to(`conversation:load:${ctx.world.load.id}`);
    expect(notice).toContain(`<turbo-stream action="append" target="typing_notices_load_${ctx.world.load.id}">`);
    expect(notice).toContain(`id="typing_notice_load_${ctx.world.load.id}_${ctx.world.shipper.id}"`);
    expect(notice).toContain(`data-typing-notice-user-id-value="${ctx.world.shipper.id}"`);
    expect(notice).toContain("Sarah Shipper is typing…");
  });

  it("accepts the load's driver typing to the shipper", async () => {
    const { browser, csrf } = await signedInAgent(ctx.world.driver.email);

    const response = await browser.post(PATH).set("X-CSRF-Token", csrf).send({ ...onLoad(), to_account_id: ctx.world.shipper.accountId });

    expect(response.status).toBe(204);
    expect(ctx.recorder.to(`conversation:load:${ctx.world.load.id}`).join()).toContain("Dave Driver is typing…");
  });

  it("accepts a carrier asking about an open job (load_id null) and the shipper answering one who quoted", async () => {
    const job = await openJobWithQuote(ctx.world.shipper, ctx.world.outsider);
    const carrier = await signedInAgent(ctx.world.carrier.email);
    const shipper = await signedInAgent(ctx.world.shipper.email);

    const asking = await carrier.browser.post(PATH).set("X-CSRF-Token", carrier.csrf).send({ load_id: null, job_id: job.id, to_account_id: ctx.world.shipper.accountId });
    const answering = await shipper.browser.post(PATH).set("X-CSRF-Token", shipper.csrf).send({ job_id: String(job.id), to_account_id: String(ctx.world.outsider.accountId) });

    expect([asking.status, answering.status]).toEqual([204, 204]);
    expect(ctx.recorder.to(`conversation:job:${job.id}:${ctx.world.carrier.accountId}`)).toHaveLength(1);
    expect(ctx.recorder.to(`conversation:job:${job.id}:${ctx.world.outsider.accountId}`)).toHaveLength(1);
  });

  it("relays one report per person and conversation in the server's window, however often a client sends", async () => {
    const job = await openJobWithQuote(ctx.world.shipper, ctx.world.outsider);
    const { browser, csrf } = await signedInAgent(ctx.world.outsider.email);
    const report = () => browser.post(PATH).set("X-CSRF-Token", csrf).send({ job_id: job.id, to_account_id: ctx.world.shipper.accountId });

    const statuses = [(await report()).status, (await report()).status, (await report()).status];

    expect(statuses).toEqual([204, 204, 204]);
    expect(ctx.recorder.to(`conversation:job:${job.id}:${ctx.world.outsider.accountId}`)).toHaveLength(1);
  });

  it("refuses a call without the CSRF header (403)", async () => {
    const { browser } = await signedInAgent(ctx.world.shipper.email);

    const response = await browser.post(PATH).send({ ...onLoad(), to_account_id: ctx.world.carrier.accountId });

    expect(response.status).toBe(403);
    expect(ctx.recorder.broadcasts).toEqual([]);
  });

  it("answers 401 to a visitor who is not signed in", async () => {
    const visitor = agent();
    const csrf = await csrfTokenFor(visitor);

    const response = await visitor.post(PATH).set("X-CSRF-Token", csrf).send({ ...onLoad(), to_account_id: ctx.world.carrier.accountId });

    expect(response.status).toBe(401);
  });

  it.each([
    ["an empty body", {}],
    ["no job_id", { load_id: 1, to_account_id: 1 }],
    ["no to_account_id", { load_id: 1, job_id: 1 }],
    ["a word for an id", { job_id: "abc", to_account_id: 1 }],
    ["a negative id", { job_id: -4, to_account_id: 1 }],
    ["a fractional id", { job_id: 1.5, to_account_id: 1 }],
    ["an object for an id", { job_id: { id: 1 }, to_account_id: 1 }],
  ])("answers 422 to %s", async (_what, body) => {
    const { browser, csrf } = await signedInAgent(ctx.world.shipper.email);

    const response = await browser.post(PATH).set("X-CSRF-Token", csrf).send(body);

    expect(response.status).toBe(422);
    expect(response.body.error).toMatch(/load_id, job_id and to_account_id/);
    expect(ctx.recorder.broadcasts).toEqual([]);
  });

  it.each([
    ["a load that does not exist", () => ({ load_id: 999_999, job_id: ctx.world.job.id, to_account_id: ctx.world.carrier.accountId }), () => ctx.world.shipper.email],
    ["a job that does not exist", () => ({ load_id: null, job_id: 999_999, to_account_id: ctx.world.shipper.accountId }), () => ctx.world.carrier.email],
    ["another carrier's load", () => ({ ...onLoad(), to_account_id: ctx.world.shipper.accountId }), () => ctx.world.outsider.email],
    ["another shipper's load", () => ({ ...onLoad(), to_account_id: ctx.world.carrier.accountId }), () => ctx.world.otherShipper.email],
    ["a load of the carrier but another driver's", () => ({ ...onLoad(), to_account_id: ctx.world.shipper.accountId }), () => ctx.world.otherDriver.email],
    ["a recipient who is not the other side", () => ({ ...onLoad(), to_account_id: ctx.world.outsider.accountId }), () => ctx.world.shipper.email],
    ["a job id that is not the load's job", () => ({ load_id: ctx.world.load.id, job_id: ctx.world.job.id + 1_000, to_account_id: ctx.world.carrier.accountId }), () => ctx.world.shipper.email],
    ["a job conversation with a carrier who never came forward", () => ({ load_id: null, job_id: ctx.world.job.id, to_account_id: ctx.world.outsider.accountId }), () => ctx.world.shipper.email],
  ])("answers 404 for %s", async (_what, body, email) => {
    const { browser, csrf } = await signedInAgent(email());

    const response = await browser.post(PATH).set("X-CSRF-Token", csrf).send(body());

    expect(response.status).toBe(404);
    expect(ctx.recorder.broadcasts).toEqual([]);
  });
});
