import { Router } from "express";
import { TURBO_STREAM, domId, turboStream } from "#lib/turbo.server.ts";
import { requireLoadFor } from "#models/loads.server.ts";
import { loadTimeline } from "#pages/load-timeline.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { renderPartial } from "#server/render.server.ts";

/** The element on the load page (views/loads/_timeline.ejs) that the timeline fills. */
export const timelineElementId = (loadId: number) => domId({ id: loadId }, "load_timeline");

/** A load's timeline, fetched as a Turbo Stream by the page's lazy stream loader; another account's load is 404. */
export function loadTimelineRouter(): Router {
  return Router().get("/loads/:id/timeline", async (req, res) => {
    const user = requireUser(req);
    const load = await requireLoadFor(user, req.params.id);
    const timeline = await loadTimeline(load);
    const events = await renderPartial(req, res, "loads/_timeline_events", { timeline });
    res.type(TURBO_STREAM).send(turboStream("update", timelineElementId(load.id), events));
  });
}
