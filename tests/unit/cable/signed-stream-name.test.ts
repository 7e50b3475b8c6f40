import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signStreamName, streamNameFrom, verifyStreamName } from "#cable/signed-stream-name.ts";

const secret = "test-secret";

describe("signStreamName", () => {
  it("writes base64(JSON(name)) + '--' + hex HMAC-SHA256 of the base64 part, as turbo-rails does", () => {
    // Vector computed with coreutils base64 and `openssl dgst -sha256 -hmac test-secret`.
    expect(signStreamName("accounts:acme:jobs", secret)).toBe(
      "ImFjY291bnRzOmFjbWU6am9icyI=--cb81f65541e92108523ad109f39b7806163c9223dbab48ae1a0e3b893167a668",
    );
  });

  it("encodes the name as UTF-8 JSON without escaping non-ASCII, like Ruby's JSON", () => {
    expect(signStreamName("café ☃", secret).split("--")[0]).toBe("ImNhZsOpIOKYgyI=");
  });
});

describe("streamNameFrom", () => {
  it.each([
    ["accounts:acme", "accounts:acme"],
    [["accounts", "acme", "jobs"], "accounts:acme:jobs"],
    [["jobs", 42], "jobs:42"],
    [7, "7"],
  ] as const)("%j → %s", (source, name) => {
    expect(streamNameFrom(source)).toBe(name);
  });

  it("signs an array as its joined name", () => {
    expect(signStreamName(["accounts", "acme", "jobs"], secret)).toBe(signStreamName("accounts:acme:jobs", secret));
  });
});

describe("verifyStreamName", () => {
  const signed = signStreamName("accounts:acme:jobs", secret);
  const [data = "", digest = ""] = signed.split("--");

  it("returns the name for a name signed with the same secret", () => {
    expect(verifyStreamName(signed, secret)).toBe("accounts:acme:jobs");
    expect(verifyStreamName(signStreamName("café ☃", secret), Buffer.from(secret))).toBe("café ☃");
  });

  it.each([
    ["another secret's signature", signStreamName("accounts:acme:jobs", "other-secret")],
    ["a swapped name under a valid digest", `${Buffer.from('"accounts:northstar:jobs"').toString("base64")}--${digest}`],
    ["a flipped digest digit", `${data}--${digest.slice(0, -1)}${digest.endsWith("0") ? "1" : "0"}`],
    ["an upper-case digest", `${data}--${digest.toUpperCase()}`],
    ["a truncated digest", `${data}--${digest.slice(0, 63)}`],
    ["no separator", `${data}${digest}`],
    ["only a digest", `--${digest}`],
    ["the bare name", "accounts:acme:jobs"],
    ["an empty string", ""],
    ["a non-string", 42],
    ["null", null],
  ])("rejects %s", (_label, candidate) => {
    expect(verifyStreamName(candidate, secret)).toBeNull();
  });

  it.each([
    ["a number", "42"],
    ["an object", '{"name":"x"}'],
    ["invalid JSON", "not json"],
  ])("rejects a correctly signed payload that is %s rather than a JSON string", (_label, json) => {
    const payload = Buffer.from(json).toString("base64");
    const hmac = createHmac("sha256", secret).update(payload).digest("hex");
    expect(verifyStreamName(`${payload}--${hmac}`, secret)).toBeNull();
  });
});
