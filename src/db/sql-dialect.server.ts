import { Prisma } from "#generated/prisma/client.ts";
import { dbKind } from "#db/client.server.ts";

// The few places our raw SQL differs between SQLite (DateTime stored as integer milliseconds) and
// PostgreSQL (timestamp columns). Raw SQL uses these instead of writing either form itself.

/** An instant (milliseconds since 1970) as a parameter that compares with a DateTime column on either engine. */
export function instant(ms: number): Prisma.Sql {
  return Prisma.sql`${new Date(ms)}`;
}

/** A DateTime expression moved on by a whole number of milliseconds that we chose (never user input). */
export function laterBy(at: Prisma.Sql, ms: number): Prisma.Sql {
  if (!Number.isSafeInteger(ms)) throw new Error("laterBy takes a whole number of milliseconds");
  return dbKind() === "postgresql" ? Prisma.sql`(${at} + ${Prisma.raw(`INTERVAL '${ms} milliseconds'`)})` : Prisma.sql`(${at} + ${Prisma.raw(String(ms))})`;
}
