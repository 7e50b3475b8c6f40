import { beforeAll, describe, expect, it } from "vitest";
import { locateGlobalId, signGlobalId } from "#lib/global-id.server.ts";
import { useSecretKeyBase } from "#lib/secrets.server.ts";

beforeAll(() => useSecretKeyBase("unit-test-secret-unit-test-secret-0123456789"));

describe("signed global ids", () => {
  it("locate the record they were signed for", () => {
    expect(locateGlobalId(signGlobalId("Message", 42, "message"), "Message", "message")).toBe(42);
  });

  it("are remembered only under the secret that signed them: a new secret signs afresh, and the old id no longer locates", () => {
    const before = signGlobalId("Message", 43, "message");
    expect(signGlobalId("Message", 43, "message")).toBe(before);
    useSecretKeyBase("another-unit-test-secret-another-unit-test-0123");
    try {
      const after = signGlobalId("Message", 43, "message");
      expect(after).not.toBe(before);
      expect(locateGlobalId(after, "Message", "message")).toBe(43);
      expect(locateGlobalId(before, "Message", "message")).toBeNull();
    } finally {
      useSecretKeyBase("unit-test-secret-unit-test-secret-0123456789");
    }
    expect(signGlobalId("Message", 43, "message")).toBe(before);
  });

  // Every way a careless implementation might have written the id down: as text, in base64,
  // base64url or hex, inside a gid:// URI or JSON, or as a binary integer of 4 or 8 bytes.
  const readings = (part: string) => {
    const bytes = [Buffer.from(part, "base64url"), Buffer.from(part, "base64"), Buffer.from(part.replace(/[^0-9a-f]/gi, "").replace(/^(.(.{2})*)$/, "0$1"), "hex")];
    return { texts: [part, ...bytes.map((b) => b.toString("latin1")), ...bytes.map((b) => b.toString("utf8"))], bytes };
  };
  const binary = (id: number) => {
    const wide = Buffer.alloc(8);
    wide.writeBigUInt64BE(BigInt(id));
    const le = Buffer.alloc(8);
    le.writeBigUInt64LE(BigInt(id));
    return [wide, le, wide.subarray(4), le.subarray(0, 4)].filter(() => id > 0xffff);
  };

  it.each([42, 1001, 1234567, 987654321012])("are opaque: no decoding of any part of the id for record %i reveals the record, its model or its id", (id) => {
    const sgid = signGlobalId("Message", id, "message");
    for (const part of [sgid, ...sgid.split("--"), ...sgid.split(/[-_]/)]) {
      const { texts, bytes } = readings(part);
      for (const text of texts) {
        expect(text).not.toContain(String(id));
        expect(text).not.toContain("Message");
        expect(text).not.toContain("gid://");
        expect(text).not.toContain('"gid"');
      }
      for (const pattern of binary(id)) {
        for (const decoded of bytes) expect(decoded.includes(pattern)).toBe(false);
      }
    }
  });

  it("do not reveal how far apart two records are: neighbouring ids differ throughout, not in a counter", () => {
    for (const [a, b] of [[1000, 1001], [41, 42], [99_999, 100_000]]) {
      const [one, two] = [signGlobalId("Message", a!, "message"), signGlobalId("Message", b!, "message")];
      const [bytesOne, bytesTwo] = [Buffer.from(one.split("--")[0]!, "base64url"), Buffer.from(two.split("--")[0]!, "base64url")];
      const length = Math.min(bytesOne.length, bytesTwo.length);
      let sameBytes = 0;
      for (let i = 0; i < length; i++) if (bytesOne[i] === bytesTwo[i]) sameBytes++;
      // Unrelated random bytes agree at about 1 place in 256; a counter or a fixed-IV stream cipher agrees almost everywhere.
      expect(sameBytes).toBeLessThan(length / 8);
      expect([...one].findIndex((char, i) => char !== two[i])).toBeLessThan(4);
    }
  });

  it("hide how many digits the record id has: every id is as long as every other", () => {
    const lengths = new Set([1, 42, 1001, 1234567, 987654321012, 999_999_999_999_999].map((id) => signGlobalId("Message", id, "message").length));
    expect(lengths.size).toBe(1);
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

  it("refuse every id with any one character changed, in the encrypted part or the signature", () => {
    const sgid = signGlobalId("Message", 42, "message");
    for (let i = 0; i < sgid.length; i++) {
      if (sgid[i] === "-" && (sgid[i + 1] === "-" || sgid[i - 1] === "-")) continue;
      const tampered = sgid.slice(0, i) + (sgid[i] === "A" ? "B" : "A") + sgid.slice(i + 1);
      expect([i, locateGlobalId(tampered, "Message", "message")]).toEqual([i, null]);
    }
  });

  it("refuse one record's encrypted part under another record's signature", () => {
    const [payload] = signGlobalId("Message", 43, "message").split("--");
    const [, digest] = signGlobalId("Message", 42, "message").split("--");
    expect(locateGlobalId(`${payload}--${digest}`, "Message", "message")).toBeNull();
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
