import type { RequestHandler } from "express";

export const MAX_REQUESTS_IN_FLIGHT = 200;

/**
 * Past `maxInFlight` requests being worked on at once, new ones are answered 503 with Retry-After
 * straight away: a crowd gets a quick "try again" instead of every request queueing into a timeout.
 */
export function shedLoad({ maxInFlight = MAX_REQUESTS_IN_FLIGHT, retryAfterSeconds = 2 } = {}): RequestHandler {
  let inFlight = 0;
  return (_req, res, next) => {
    if (inFlight >= maxInFlight) {
      res.set("Retry-After", String(retryAfterSeconds)).status(503).type("text").send("The service is busy. Please try again in a moment.");
      return;
    }
    inFlight += 1;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight -= 1;
    };
    res.once("finish", finish);
    res.once("close", finish);
    next();
  };
}
