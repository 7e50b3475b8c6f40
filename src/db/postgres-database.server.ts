import pg from "pg";

// A start on a new PostgreSQL server creates the database DATABASE_URL names, as `prisma migrate
// deploy` and Rails' `db:prepare` do: from the server's maintenance database (`postgres`, or
// `template1` where there is none), under an advisory lock there, so processes starting together on
// an empty server create it once and all come up. When the server cannot be reached or refuses, the
// process stops with one sentence naming the server and the reason (see DatabaseUnavailable).

/** PostgreSQL cannot be used; the message is one sentence for whoever runs the process. */
export class DatabaseUnavailable extends Error {}

const DATABASE_MISSING = "3D000";
const DATABASE_EXISTS = "42P04";
const PERMISSION_DENIED = "42501";
const NOT_AUTHORISED = "28000";
const MAINTENANCE_DATABASES = ["postgres", "template1"];
// Any fixed number: every process creating a database on one server takes this advisory lock.
const CREATE_LOCK_KEY = 20_261_126;

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "unknown host",
  EAI_AGAIN: "unknown host (the name could not be looked up)",
  ETIMEDOUT: "timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ECONNRESET: "connection reset",
  ENOENT: "no server listening on that socket",
};

/** A client connected to the database `databaseUrl` names, which is created first when the server has none by that name. */
export async function connectCreatingDatabase(databaseUrl: string): Promise<pg.Client> {
  try {
    return await connected(databaseUrl);
  } catch (error) {
    if (codeOf(error) !== DATABASE_MISSING) throw unavailable(error, databaseUrl);
  }
  await createDatabase(databaseUrl);
  return connected(databaseUrl).catch((error: unknown) => {
    throw unavailable(error, databaseUrl);
  });
}

async function createDatabase(databaseUrl: string): Promise<void> {
  const { client, maintenance } = await maintenanceClient(databaseUrl);
  const name = databaseNameOf(databaseUrl);
  try {
    // The lock goes with the session, when the client ends.
    await client.query("SELECT pg_advisory_lock($1)", [CREATE_LOCK_KEY]);
    const existing = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    // template1, the default template, cannot be copied while other sessions use it, as the other
    // processes starting with this one may: a server without `postgres` gets a copy of template0.
    const template = maintenance === "template1" ? " TEMPLATE template0" : "";
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${quoted(name)}${template}`);
  } catch (error) {
    // Made meanwhile by someone not taking the lock: there it is all the same.
    if (codeOf(error) !== DATABASE_EXISTS) throw refusedToCreate(error, databaseUrl);
  } finally {
    await client.end().catch(() => {});
  }
}

async function maintenanceClient(databaseUrl: string): Promise<{ client: pg.Client; maintenance: string }> {
  let refusal: unknown;
  for (const maintenance of MAINTENANCE_DATABASES) {
    try {
      return { client: await connected(withDatabase(databaseUrl, maintenance)), maintenance };
    } catch (error) {
      refusal = error;
      if (![DATABASE_MISSING, PERMISSION_DENIED, NOT_AUTHORISED].includes(codeOf(error) ?? "")) break;
    }
  }
  throw unavailable(refusal, databaseUrl);
}

async function connected(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // Waiting for a lock can be long; a connection the server ends meanwhile fails the query awaited.
  client.on("error", () => {});
  await client.connect();
  return client;
}

function unavailable(error: unknown, databaseUrl: string): unknown {
  const server = serverOf(databaseUrl);
  const code = codeOf(error);
  if (code && code in UNREACHABLE) return new DatabaseUnavailable(`Cannot reach PostgreSQL at ${server}: ${UNREACHABLE[code]}.`);
  if (error instanceof pg.DatabaseError) return new DatabaseUnavailable(`PostgreSQL at ${server} refused the connection: ${clause(error.message)}.`);
  return error;
}

function refusedToCreate(error: unknown, databaseUrl: string): unknown {
  if (!(error instanceof pg.DatabaseError)) return unavailable(error, databaseUrl);
  const reason = error.code === PERMISSION_DENIED ? `permission denied (${userOf(databaseUrl)} needs CREATEDB)` : clause(error.message);
  return new DatabaseUnavailable(`PostgreSQL at ${serverOf(databaseUrl)} refused to create database ${quoted(databaseNameOf(databaseUrl))}: ${reason}.`);
}

function codeOf(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

/** The server's message, as the end of one of our sentences. */
function clause(message: string): string {
  return message.trim().replace(/\.$/, "");
}

/** host:port, or the socket folder given as `?host=/path`. */
function serverOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const host = url.searchParams.get("host") ?? (url.hostname || "localhost");
  return host.startsWith("/") ? host : `${host}:${url.port || 5432}`;
}

// As pg does, a URL without a database names the user's own.
function databaseNameOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username);
}

function userOf(databaseUrl: string): string {
  const user = decodeURIComponent(new URL(databaseUrl).username);
  return user ? `the user "${user}"` : "the user";
}

function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
