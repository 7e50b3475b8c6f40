import { broadcastTurboStream } from "#cable/channels/turbo-streams-channel.ts";
import type { CableLogger } from "#cable/logger.ts";
import type { PubSubAdapter } from "#cable/pubsub.ts";
import type { CableServer } from "#cable/server.ts";
import { currentRequestId, logger } from "#lib/logger.server.ts";

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

// A broadcast made while a request is handled travels through the pub/sub with that request's id
// beside it, so the line logged where it is delivered (on whichever server holds the sockets) names
// the request. Subscribers are handed the message exactly as it was broadcast.
const REQUEST_ID = "loadline:reqId";
type WithRequestId = { [REQUEST_ID]: string; message: unknown };

/** `pubsub`, with each broadcast's request id carried to, and logged at, its delivery. */
export function carryingRequestIds(pubsub: PubSubAdapter, log: Pick<CableLogger, "info">): PubSubAdapter {
  return {
    broadcast(stream, message) {
      const reqId = currentRequestId();
      return pubsub.broadcast(stream, reqId ? ({ [REQUEST_ID]: reqId, message } satisfies WithRequestId) : message);
    },
    subscribe(stream, callback) {
      return pubsub.subscribe(stream, (received) => {
        const { reqId, message } = unwrap(received);
        log.info(reqId ? { stream, reqId } : { stream }, "broadcast delivered");
        callback(message);
      });
    },
    shutdown: () => pubsub.shutdown(),
  };
}

function unwrap(received: unknown): { reqId?: string; message: unknown } {
  if (typeof received !== "object" || received === null || !(REQUEST_ID in received)) return { message: received };
  const { [REQUEST_ID]: reqId, message } = received as WithRequestId;
  return { reqId, message };
}
