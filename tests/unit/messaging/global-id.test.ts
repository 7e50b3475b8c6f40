import { beforeAll, describe, expect, it } from "vitest";
import { locateGlobalId, signGlobalId } from "#models/global-id.server.ts";
import { useSecretKeyBase } from "#lib/secrets.server.ts";

beforeAll(() => useSecretKeyBase("unit-test-secret-unit-test-secret-0123456789"));

describe("signed global ids", () => {
  it("locate the record they were signed for", () => {
    expect(locateGlobalId(signGlobalId("Message", 42, "message"), "Message", "message")).toBe(42);
  });

  it("are opaque: no decoding of any part reveals the record, its model or its id", () => {
    for (const id of [42, 1234567, 987654321012]) {
      const sgid = signGlobalId("Message", id, "message");
      const parts = [sgid, ...sgid.split("--")];
      const decodings = parts.flatMap((part) => [part, Buffer.from(part, "base64url").toString("latin1"), Buffer.from(part, "base64").toString("latin1"), Buffer.from(part.replace(/[^0-9a-f]/gi, ""), "hex").toString("latin1")]);
      for (const text of decodings) {
        expect(text).not.toContain(String(id));
        expect(text).not.toContain("Message");
        expect(text).not.toContain("gid://");
      }
    }
  });

  it("do not reveal how far apart two records are: neighbouring ids share no readable pattern", () => {
    const [a, b] = [signGlobalId("Message", 1000, "message"), signGlobalId("Message", 1001, "message")];
    const shared = [...a].findIndex((char, i) => char !== b[i]);
    expect(shared).toBeLessThan(4);
  });

  it("are stable: the same record always gets the same id, so a page and its broadcasts agree", () => {
    expect(signGlobalId("Message", 42, "message")).toBe(signGlobalId("Message", 42, "message"));
  });

  it.each([
    ["another model", () => signGlobalId("Notification", 42, "message")],
    ["another purpose", () => signGlobalId("Message", 42, "download")],
    ["a tampered payload", () => {
      const [, digest] = signGlobalId("Message", 42, "message").split("--");
      const payload = Buffer.from(JSON.stringify({ gid: "gid://loadline/Message/43", pur: "message" })).toString("base64url");
      return `${payload}--${digest}`;
    }],
    ["a tampered digest", () => signGlobalId("Message", 42, "message").replace(/--(.)/, (_m, c: string) => `--${c === "A" ? "B" : "A"}`)],
    ["a digest with a non-canonical last character", () => signGlobalId("Message", 42, "message").replace(/.$/, (c) => String.fromCharCode(c.charCodeAt(0) ^ 1))],
    ["a truncated digest", () => signGlobalId("Message", 42, "message").slice(0, -4)],
    ["no digest", () => signGlobalId("Message", 42, "message").split("--")[0]!],
    ["a bare id", () => "42"],
    ["garbage", () => "--"],
  ])("refuse %s", (_name, make) => {
    expect(locateGlobalId(make(), "Message", "message")).toBeNull();
  });

  it("stop working when the secret changes", () => {
    const sgid = signGlobalId("Message", 42, "message");
    useSecretKeyBase("another-secret-another-secret-another-secret-01");
    expect(locateGlobalId(sgid, "Message", "message")).toBeNull();
    useSecretKeyBase("unit-test-secret-unit-test-secret-0123456789");
    expect(locateGlobalId(sgid, "Message", "message")).toBe(42);
  });

  it.each([[undefined], [null], [42], [{}], ["x".repeat(600)]])("refuse a non-token %j", (value) => {
    expect(locateGlobalId(value, "Message", "message")).toBeNull();
  });
});
