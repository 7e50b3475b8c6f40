import { clockOffset } from "#domain/time/clock-offset.ts";

let offset: Promise<number> | undefined;

/**
 * The server clock is asked once per page session and shared by every countdown; the
 * offset is applied only when it exceeds 700 ms (the domain rule decides).
 */
export function serverClockOffset(): Promise<number> {
  offset ??= measure();
  return offset;
}

export async function serverNow(): Promise<number> {
  return Date.now() + (await serverClockOffset());
}

async function measure(): Promise<number> {
  try {
    const sentAt = Date.now();
    const response = await fetch("/api/v1/server_time", { headers: { Accept: "application/json" }, cache: "no-store" });
    const serverMs = Number(await response.json());
    const receivedAt = Date.now();
    return Number.isFinite(serverMs) ? clockOffset(serverMs, (sentAt + receivedAt) / 2) : 0;
  } catch {
    return 0;
  }
}
