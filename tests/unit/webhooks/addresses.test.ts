import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "#domain/webhooks/addresses.ts";
import { webhookEndpointSchema, webhookUrlProblem } from "#domain/webhooks/endpoint-form.ts";

describe("addresses a webhook may never reach", () => {
  it.each([
    ["10.0.0.1", true], ["10.255.255.255", true], ["172.16.0.1", true], ["172.31.255.254", true], ["172.32.0.1", false],
    ["172.15.255.255", false], ["192.168.1.10", true], ["192.169.0.1", false], ["127.0.0.1", true], ["127.8.9.10", true],
    ["169.254.169.254", true], ["0.0.0.0", true], ["100.64.0.1", true], ["8.8.8.8", false], ["81.2.69.160", false],
    ["::1", true], ["::", true], ["fc00::1", true], ["fd12:3456::1", true], ["fe80::1", true], ["fe80::1%eth0", true], ["febf::1", true],
    ["fec0::1", false], ["2a00:1450:4009:81f::200e", false], ["::ffff:10.0.0.1", true], ["::ffff:127.0.0.1", true], ["::ffff:8.8.8.8", false],
    ["::ffff:a9fe:a9fe", true], ["64:ff9b::a9fe:a9fe", true], ["[::1]", true], ["not an address", true], ["1.2.3", true], ["256.1.1.1", true],
  ])("%s is private: %s", (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });
});

describe("an endpoint's address", () => {
  it.each([
    { url: "https://hooks.example.com/loadline", production: null, local: null },
    { url: "http://hooks.example.com/loadline", production: "Enter an https address", local: null },
    { url: "ftp://hooks.example.com/", production: "Enter an https address", local: "Enter an https address" },
    { url: "hooks.example.com", production: "Enter an https address", local: "Enter an https address" },
    { url: "https://127.0.0.1/hook", production: "That address is on a private network", local: null },
    { url: "https://[::1]:8443/hook", production: "That address is on a private network", local: null },
    { url: "https://169.254.169.254/latest/meta-data", production: "That address is on a private network", local: null },
    { url: "https://localhost/hook", production: "That address is on a private network", local: null },
    { url: "https://db.internal/hook", production: "That address is on a private network", local: null },
    { url: "https://user:pass@hooks.example.com/", production: "Enter the address without a user name or password", local: "Enter the address without a user name or password" },
    { url: `https://hooks.example.com/${"x".repeat(2_000)}`, production: "The address must be 2,000 characters or fewer", local: "The address must be 2,000 characters or fewer" },
  ])("$url: $production in production, $local where private addresses are allowed", ({ url, production, local }) => {
    expect(webhookUrlProblem(url, false)).toBe(production);
    expect(webhookUrlProblem(url, true)).toBe(local);
  });

  const read = (kind: string, body: unknown) => {
    const parsed = webhookEndpointSchema(kind, false).safeParse(body);
    return parsed.success ? parsed.data : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };

  it.each([
    { case: "events of the side only", kind: "carrier", body: { url: "https://a.example/h", events: ["job.published", "quote.created"] }, out: { url: "https://a.example/h", events: ["quote.created"] } },
    { case: "one event as a string", kind: "shipper", body: { url: "https://a.example/h", events: "job.published" }, out: { url: "https://a.example/h", events: ["job.published"] } },
    { case: "no event", kind: "shipper", body: { url: "https://a.example/h" }, out: { events: "Choose at least one event" } },
    { case: "only unknown events", kind: "shipper", body: { url: "https://a.example/h", events: ["job.deleted", { a: 1 }] }, out: { events: "Choose at least one event" } },
    { case: "no address", kind: "shipper", body: { url: " ", events: ["job.published"] }, out: { url: "Enter an https address" } },
    { case: "not a string", kind: "shipper", body: { url: ["x"], events: ["job.published"] }, out: { url: "Enter an https address" } },
  ])("$case", ({ kind, body, out }) => {
    expect(read(kind, body)).toEqual(out);
  });
});
