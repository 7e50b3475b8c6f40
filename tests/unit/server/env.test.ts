import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#lib/env.server.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "env-"));

describe("configuration", () => {
  it("needs nothing to start, with the documented defaults", () => {
    const dir = dataDir();
    const env = parseEnv({ DATABASE_URL: `file:${dir}/app.sqlite3` });
    expect([env.PORT, env.NODE_ENV, env.telemetryEnabled, env.seedDemoData, env.TRUST_PROXY]).toEqual([3000, "development", false, true, 0]);
    expect(env.SESSION_SECRET).toHaveLength(96);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(env.SESSION_SECRET);
    expect(parseEnv({ DATABASE_URL: `file:${dir}/app.sqlite3` }).SESSION_SECRET).toBe(env.SESSION_SECRET);
  });

  it("takes a PostgreSQL URL, keeping local files in DATA_DIR (or ./data)", () => {
    const dir = dataDir();
    const env = parseEnv({ DATABASE_URL: "postgresql://app:secret@db.internal:5432/loadline", DATA_DIR: dir, REDIS_URL: "redis://cache.internal:6379" });
    expect([env.usesPostgres, env.dataDir, env.storageDir]).toEqual([true, dir, path.join(dir, "storage")]);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(env.SESSION_SECRET);
    expect(parseEnv({ DATABASE_URL: "postgres://db/loadline", SESSION_SECRET: "x".repeat(32) }).dataDir).toBe(path.resolve("data"));
    expect(parseEnv({ DATABASE_URL: `file:${dir}/app.sqlite3` }).usesPostgres).toBe(false);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL: must be a file: URL for SQLite or a postgres:// URL"],
    [{ REDIS_URL: "http://cache.internal:6379" }, "REDIS_URL: must be a redis:// or rediss:// URL"],
    [{ STORAGE_URL: "s3://Bad_Bucket" }, "STORAGE_URL: must be s3://bucket-name"],
    // S3 settings without a bucket would silently leave files on disk.
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "STORAGE_URL: set it (s3://bucket-name) to use S3_ENDPOINT or S3_FORCE_PATH_STYLE"],
    [{ NODE_ENV: "prod" }, "NODE_ENV"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET: must be at least 32 characters"],
    [{ NODE_ENV: "production" }, "SESSION_SECRET: required in production"],
    // Links in mail must never follow a forged Host header.
    [{ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) }, "APP_ORIGIN: required in production (the public origin, e.g. https://loadline.example, that links in mail point to)"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "-1" }, "TRUST_PROXY"],
    // A file's size must fit its database column (2 GiB less a byte).
    [{ UPLOAD_DOCUMENT_MAX_MB: "2048" }, "UPLOAD_DOCUMENT_MAX_MB"],
    [{ UPLOAD_PHOTO_MAX_MB: "0" }, "UPLOAD_PHOTO_MAX_MB"],
    // Tiles come over https from a URL template the map can fill in.
    [{ TILE_URL: "http://tiles.example.com/{z}/{x}/{y}.png" }, "TILE_URL: must be an https URL with {z}, {x} and {y}"],
    [{ TILE_URL: "https://tiles.example.com/tile.png" }, "TILE_URL: must be an https URL with {z}, {x} and {y}"],
    // A hosted signing provider's confirmations are believed only when signed with this secret.
    [{ SIGNATURE_PROVIDER_URL: "https://sign.example/{reference}" }, "SIGNATURE_PROVIDER_SECRET: required with SIGNATURE_PROVIDER_URL"],
    [{ SIGNATURE_PROVIDER_URL: "https://sign.example/{reference}", SIGNATURE_PROVIDER_SECRET: "s".repeat(31) }, "SIGNATURE_PROVIDER_SECRET: must be at least 32 characters"],
  ])("refuses %o with a clear message naming the variable", (source, message) => {
    expect(() => parseEnv({ DATABASE_URL: `file:${dataDir()}/x.sqlite3`, ...source })).toThrow(message);
  });

  it("takes a hosted signing provider with its secret of at least 32 characters", () => {
    const env = parseEnv({ DATABASE_URL: `file:${dataDir()}/x.sqlite3`, SIGNATURE_PROVIDER_URL: "https://sign.example/{reference}", SIGNATURE_PROVIDER_SECRET: "s".repeat(32) });
    expect([env.SIGNATURE_PROVIDER_URL, env.SIGNATURE_PROVIDER_SECRET]).toEqual(["https://sign.example/{reference}", "s".repeat(32)]);
  });

  it.each([
    ["production", undefined, true],
    ["staging", undefined, true],
    ["development", undefined, false],
    ["test", "true", true],
    ["production", "false", false],
  ] as const)("telemetry in %s with CLIENT_TELEMETRY=%s is %s", (NODE_ENV, CLIENT_TELEMETRY, enabled) => {
    const source = { NODE_ENV, SESSION_SECRET: "s".repeat(40), APP_ORIGIN: "https://loadline.example", DATABASE_URL: `file:${dataDir()}/x.sqlite3`, ...(CLIENT_TELEMETRY ? { CLIENT_TELEMETRY } : {}) };
    expect(parseEnv(source).telemetryEnabled).toBe(enabled);
  });

  it.each([
    ["development", undefined, true],
    ["test", undefined, true],
    ["production", undefined, false],
    ["production", "true", true],
    ["development", "false", false],
  ] as const)("seeds demo data in %s with SEED_DEMO_DATA=%s: %s", (NODE_ENV, SEED_DEMO_DATA, seeded) => {
    const source = { NODE_ENV, SESSION_SECRET: "s".repeat(40), APP_ORIGIN: "https://loadline.example", DATABASE_URL: `file:${dataDir()}/x.sqlite3`, ...(SEED_DEMO_DATA ? { SEED_DEMO_DATA } : {}) };
    expect(parseEnv(source).seedDemoData).toBe(seeded);
  });
});
