import type { Request } from "express";

// One-off analytics events a request decides on ("a quote was placed") but the browser sends, like
// page views, from the next page it renders (the send-event element): the same production-only and
// never-while-impersonating rules then hold for them. They wait in the session, like the flash.

export type TrackedEventName = "quote_placed" | "job_published";
export type TrackedEvent = { name: TrackedEventName; data: Record<string, string | number | boolean | null> };

declare module "express-session" {
  interface SessionData {
    trackedEvents?: TrackedEvent[];
  }
}

// A few at most wait at once (a form posted twice before a page renders); older ones give way.
const MAX_WAITING = 5;

/** Queues an event for the next page this browser renders. */
export function trackEvent(req: Request, name: TrackedEventName, data: TrackedEvent["data"] = {}): void {
  req.session.trackedEvents = [...(req.session.trackedEvents ?? []), { name, data }].slice(-MAX_WAITING);
}

/** The waiting events, handed over once: the page that takes them renders them. */
export function takeTrackedEvents(req: Request): TrackedEvent[] {
  const events = req.session?.trackedEvents ?? [];
  if (req.session?.trackedEvents) delete req.session.trackedEvents;
  return events;
}
