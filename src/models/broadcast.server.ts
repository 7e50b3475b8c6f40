import { broadcastTurboStream } from "#cable/channels/turbo-streams-channel.ts";
import type { CableServer } from "#cable/server.ts";
import { logger } from "#lib/logger.server.ts";

// The app-wide cable as models see it. Without a running cable (HTTP tests, scripts) every call is a
// quiet no-op, so a model never has to ask whether anyone is listening.

export type LiveCable = Pick<CableServer, "broadcast" | "disconnectUser" | "restart">;

let cable: LiveCable | null = null;

export function useCable(next: LiveCable | null): void {
  cable = next;
}

export function currentCable(): LiveCable | null {
  return cable;
}

/** Sends Turbo Stream HTML to everyone following `stream`; a failure is logged, never thrown into the caller's write. */
export async function broadcastTo(stream: string, html: string): Promise<void> {
  if (!cable || !html) return;
  try {
    await broadcastTurboStream(cable, stream, html);
  } catch (err) {
    logger().error({ err, stream }, "broadcast failed");
  }
}

/** Closes the user's sockets everywhere (sign-out); they reconnect only if still signed in. */
export async function disconnectUser(userId: number): Promise<void> {
  await cable?.disconnectUser(userId, { reconnect: true });
}
