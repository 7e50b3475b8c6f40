import { describe, expect, it } from "vitest";
import { accountStream, conversationKey, conversationPath, conversationStream, jobStream, parseStream, userStream, type ConversationRef } from "#domain/messaging/streams.ts";

const load: ConversationRef = { kind: "load", loadId: 12 };
const job: ConversationRef = { kind: "job", jobId: 5, carrierAccountId: 3 };

describe("stream names", () => {
  it("names users, accounts and conversations", () => {
    expect([userStream(4), accountStream(2), conversationStream(load), conversationStream(job)]).toEqual([
      "user:4",
      "account:2",
      "conversation:load:12",
      "conversation:job:5:3",
    ]);
  });

  it("gives each conversation a DOM key and a page", () => {
    expect([conversationKey(load), conversationKey(job)]).toEqual(["load_12", "job_5_3"]);
    expect([conversationPath(load), conversationPath(job)]).toEqual(["/loads/12/messages", "/jobs/5/messages?carrier_account_id=3"]);
  });

  it.each([
    ["user:4", { kind: "user", userId: 4 }],
    ["account:2", { kind: "account", accountId: 2 }],
    ["conversation:load:12", { kind: "conversation", conversation: load }],
    ["conversation:job:5:3", { kind: "conversation", conversation: job }],
    ["load:7", { kind: "load", loadId: 7 }],
    ["load:07", null],
    ["job:9", { kind: "job", jobId: 9 }],
    ["job:9:1", null],
    ["user:0", null],
    ["user:04", null],
    ["user:4:extra", null],
    ["account:-1", null],
    ["conversation:job:5", null],
    ["conversation:load:1e3", null],
    ["jobs:4", null],
    ["", null],
  ] as const)("parses %j", (name, expected) => {
    expect(parseStream(name)).toEqual(expected);
  });

  it("names a job's pages' stream, and reads it back", () => {
    expect(jobStream(9)).toBe("job:9");
    expect(parseStream(jobStream(9))).toEqual({ kind: "job", jobId: 9 });
  });

  it("round-trips every conversation", () => {
    for (const ref of [load, job]) expect(parseStream(conversationStream(ref))).toEqual({ kind: "conversation", conversation: ref });
  });
});
