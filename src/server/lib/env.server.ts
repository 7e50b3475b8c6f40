import { logger } from "#lib/logger.server.ts";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "staging", "production"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    // SQLite (a file: URL, one process) or PostgreSQL (postgres:// or postgresql://, any number of processes).
    DATABASE_URL: z
      .string()
      .refine((url) => /^(file:|postgres(ql)?:\/\/)/.test(url), "must be a file: URL for SQLite or a postgres:// URL")
      .default("file:./data/development.sqlite3"),
    // Shared by every process when set: the cable's broadcasts, rate limits and cache invalidation.
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
    // S3-compatible storage for uploads, as s3://bucket (credentials from AWS_ACCESS_KEY_ID and
    // AWS_SECRET_ACCESS_KEY); S3_ENDPOINT for a service other than AWS. Unset, files go to STORAGE_DIR.
    STORAGE_URL: z.string().regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]\/?$/, "must be s3://bucket-name").optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    S3_REGION: z.string().default("eu-west-2"),
    S3_FORCE_PATH_STYLE: booleanFlag.optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // The public origin (https://loadline.example): links in mail and the cable's allowed origin.
    // Required in production, so a forged Host header can never steer a link.
    APP_ORIGIN: z.url().optional(),
    // How many proxies in front of the app to believe about the client's address (X-Forwarded-For):
    // none by default, so a client cannot pose as many addresses to slip past the rate limits.
    TRUST_PROXY: z.coerce.number().int("must be a whole number of proxies").min(0).max(10).default(0),
    COMPANY_EMAIL_DOMAIN: z.string().default("haulage.example"),
    CLIENT_TELEMETRY: booleanFlag.optional(),
    // Demo accounts and data in an empty database: by default outside production only.
    SEED_DEMO_DATA: booleanFlag.optional(),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().default("Loadline <no-reply@loadline.example>"),
    // Local files (outbox, session secret, uploads on disk); by default the SQLite database's folder, or ./data.
    DATA_DIR: z.string().optional(),
    // Uploaded files; by default a "storage" folder in DATA_DIR.
    STORAGE_DIR: z.string().optional(),
    // At most 2,047 MB: a file's size must fit its database column.
    UPLOAD_PHOTO_MAX_MB: z.coerce.number().positive().max(2047).default(25),
    UPLOAD_DOCUMENT_MAX_MB: z.coerce.number().positive().max(2047).default(50),
    // The Bank of England base rate in basis points (400 = 4%), for statutory interest on a late
    // invoice (src/domain/invoices/late-payment.ts): set it when the Bank changes it.
    BANK_BASE_RATE_BP: z.coerce.number().int().min(0).max(10_000).default(400),
    // Map tiles: an https URL template with {z}/{x}/{y} (and optional {s}); the CSP allows its host only.
    TILE_URL: z
      .url()
      .refine((url) => url.startsWith("https://") && ["{z}", "{x}", "{y}"].every((part) => url.includes(part)), "must be an https URL with {z}, {x} and {y}")
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    TILE_ATTRIBUTION: z.string().default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    // A hosted OSRM-compatible road router: its base URL, the part before /route/v1 (a key may ride in
    // its query string). Unset, routes are estimated offline (docs/routing.md).
    ROUTER_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    // A third-party chat widget's script (https): loaded on signed-in pages instead of our own support
    // chat, and the only place the CSP admits its origin.
    SUPPORT_CHAT_SCRIPT_URL: z.url({ protocol: /^https$/, error: "must be an https URL" }).optional(),
    // A hosted e-signature provider's signing page for a contract acceptance: an https URL template
    // with {reference}; its origin is the one allowed to frame in and report "completed".
    SIGNATURE_PROVIDER_URL: z
      .url({ protocol: /^https$/, error: "must be an https URL" })
      .refine((url) => url.includes("{reference}"), "must contain {reference}")
      .optional(),
    // The secret shared with that provider: it signs (HMAC-SHA256) each completed signing it posts to
    // POST /signatures/hosted/callback, the only way a hosted signature is recorded.
    SIGNATURE_PROVIDER_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    // Webhooks to private, loopback and link-local addresses (and over plain http): for local
    // development and tests only, so by default refused in production (docs/webhooks.md).
    WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: booleanFlag.optional(),
  })
  .refine((env) => !env.SIGNATURE_PROVIDER_URL || env.SIGNATURE_PROVIDER_SECRET, {
    path: ["SIGNATURE_PROVIDER_SECRET"],
    message: "required with SIGNATURE_PROVIDER_URL (at least 32 characters shared with the provider, which signs its completed signings with it)",
  })
  .refine((env) => env.STORAGE_URL || (!env.S3_ENDPOINT && env.S3_FORCE_PATH_STYLE === undefined), {
    path: ["STORAGE_URL"],
    message: "set it (s3://bucket-name) to use S3_ENDPOINT or S3_FORCE_PATH_STYLE",
  })
  .transform((env) => ({
    ...env,
    isProduction: env.NODE_ENV === "production",
    seedDemoData: env.SEED_DEMO_DATA ?? env.NODE_ENV !== "production",
    // Analytics and client error reporting run only where real people are (production and staging); tests opt in.
    telemetryEnabled: env.CLIENT_TELEMETRY ?? (env.NODE_ENV === "production" || env.NODE_ENV === "staging"),
    usesPostgres: !env.DATABASE_URL.startsWith("file:"),
    webhooksAllowPrivateAddresses: env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES ?? env.NODE_ENV !== "production",
    dataDir: path.resolve(env.DATA_DIR ?? dataDirFor(env.DATABASE_URL)),
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(env.DATA_DIR ?? dataDirFor(env.DATABASE_URL), "storage")),
  }));

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string };

const REQUIRED_IN_PRODUCTION = [
  ["SESSION_SECRET", "at least 32 characters that sign the session cookies"],
  ["APP_ORIGIN", "the public origin, e.g. https://loadline.example, that links in mail point to"],
] as const;

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const missing = env.isProduction ? REQUIRED_IN_PRODUCTION.filter(([name]) => !env[name]) : [];
  if (missing.length) throw new Error(`Invalid environment configuration:\n${missing.map(([name, why]) => `  ${name}: required in production (${why})`).join("\n")}`);
  return { ...env, SESSION_SECRET: env.SESSION_SECRET ?? localSecret(env.dataDir) };
}

export function databasePath(databaseUrl: string): string {
  return path.resolve(databaseUrl.replace(/^file:/, ""));
}

// Local files (the outbox, uploads on disk, a development session secret): beside a SQLite database,
// or ./data when the database is a PostgreSQL server.
function dataDirFor(databaseUrl: string): string {
  return databaseUrl.startsWith("file:") ? path.dirname(databasePath(databaseUrl)) : path.resolve("data");
}

// Outside production a secret is generated once and kept beside the database, so sessions survive restarts.
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/** The configuration, read once; exits with a clear message when something is wrong. */
export function env(): Env {
  if (cached) return cached;
  try {
    cached = parseEnv(process.env);
  } catch (error) {
    logger().fatal((error as Error).message);
    process.exit(1);
  }
  return cached;
}
