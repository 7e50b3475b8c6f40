import type { Server, ServerResponse } from "node:http";
import type { Application } from "express";

// Draining is the first step of a graceful shutdown: the server stops accepting connections, closes
// the idle keep-alive ones, and lets every request already being answered finish, each answer
// telling its client "Connection: close". Meanwhile GET /up answers 503, so a load balancer that
// still holds a connection here stops sending. Whatever outlasts the grace period is cut off.

const drainingApps = new WeakSet<Application>();

/** Whether `app`'s server is shutting down (GET /up then says "draining"). */
export function isDraining(app: Application): boolean {
  return drainingApps.has(app);
}

/** Counts `server`'s requests from now on; the function it returns drains them, resolving with how many it had to cut off. */
export function drainable(server: Server, app: Application): (graceMs: number) => Promise<number> {
  const inFlight = new Set<ServerResponse>();
  let allAnswered: (() => void) | undefined;
  // Before the app's own listener, so the count and the header cover every request.
  server.prependListener("request", (_req, res: ServerResponse) => {
    inFlight.add(res);
    if (isDraining(app)) res.setHeader("Connection", "close");
    res.once("close", () => {
      inFlight.delete(res);
      if (inFlight.size === 0) allAnswered?.();
    });
  });

  return async (graceMs) => {
    drainingApps.add(app);
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    server.close();
    server.closeIdleConnections();
    const answered = inFlight.size === 0 || (await settlesWithin(new Promise<void>((resolve) => (allAnswered = resolve)), graceMs));
    const cutOff = inFlight.size;
    // Every connection left is idle now (or its request is being cut off); sockets upgraded to the cable are not among them.
    server.closeAllConnections();
    return answered ? 0 : cutOff;
  };
}

async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = await Promise.race([promise.then(() => true as const), late]);
  clearTimeout(timer);
  return settled;
}
