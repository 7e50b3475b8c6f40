import { db } from "#db/client.server.ts";
import { isIgnoredClientError } from "#domain/telemetry/client-errors.ts";

export function recordAnalyticsEvent(event: { name: string; data: unknown; userId: number | null; accountId: number | null }) {
  return db().analyticsEvent.create({ data: { ...event, data: JSON.stringify(event.data ?? {}) } });
}

export type ClientErrorReport = { message: string; source?: string; stack?: string; url?: string; userAgent?: string; userId: number | null };

/** Stores a browser error for support to read, unless it is known browser noise (see client-errors.ts). */
export async function recordClientError(report: ClientErrorReport): Promise<boolean> {
  if (isIgnoredClientError(report.message)) return false;
  await db().clientError.create({ data: report });
  return true;
}

export const recentClientErrors = (limit = 50) => db().clientError.findMany({ orderBy: { id: "desc" }, take: limit });
