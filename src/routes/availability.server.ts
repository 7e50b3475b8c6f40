import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { journeyInputSchema } from "#domain/availability/input.ts";
import { VehiclesQuerySchema, isBlankSearch } from "#domain/availability/vehicles-query.ts";
import { parseInput } from "#lib/input.server.ts";
import { deleteJourney, postJourney, requireJourneyFor, requireJourneyOffice } from "#models/availability.server.ts";
import { findVehicles, requireShipperOffice } from "#models/availability/shipper-search.server.ts";
import { AVAILABILITY_PATH, type JourneyForm, journeyPage, journeyPath, journeysPage, newJourneyPage } from "#pages/availability.server.ts";
import { VEHICLES_PATH, vehiclesPage } from "#pages/availability/vehicles.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage } from "#server/render.server.ts";

// Planned empty journeys (docs/availability.md): a carrier's office lists, posts and deletes its
// journeys and sees the jobs along each; a shipper's office finds vehicles passing a collection.
// Drivers are refused (403); another company's journey, or a page for the other side, is 404.

/** A form as posted, kept as typed when it is refused. */
const PostedSchema = z.record(z.string(), z.unknown()).catch({});
/** The search as typed, for the form when it is refused. */
const TypedSchema = z.object({ near: z.string().max(200).optional().catch(undefined), on: z.string().max(40).optional().catch(undefined) }).catch({});

export function availabilityRouter(): Router {
  return Router()
    .get(AVAILABILITY_PATH, showJourneys)
    .get(`${AVAILABILITY_PATH}/new`, newJourney)
    .post(AVAILABILITY_PATH, addJourney)
    .get(VEHICLES_PATH, showVehicles)
    .get(`${AVAILABILITY_PATH}/:id`, showJourney)
    .delete(`${AVAILABILITY_PATH}/:id`, removeJourney);
}

async function showJourneys(req: Request, res: Response) {
  await renderPage(req, res, "availability/index", await journeysPage(requireJourneyOffice(requireUser(req))));
}

async function newJourney(req: Request, res: Response) {
  await renderPage(req, res, "availability/new", await newJourneyPage(requireJourneyOffice(requireUser(req))));
}

async function addJourney(req: Request, res: Response) {
  const user = requireJourneyOffice(requireUser(req));
  const input = parseInput(journeyInputSchema(new Date()), req.body);
  const posted = input.ok ? await postJourney(user, input.data) : input;
  if (!posted.ok) {
    const form: JourneyForm = { errors: posted.errors, values: PostedSchema.parse(req.body) };
    return renderPage(req, res, "availability/new", await newJourneyPage(user, form), posted.status);
  }
  flash(req, "notice", "Journey posted. The jobs along it are below; we will tell you of new ones.");
  res.redirect(303, journeyPath(posted.journey.id));
}

async function showJourney(req: Request, res: Response) {
  const user = requireUser(req);
  const journey = await requireJourneyFor(user, req.params.id);
  await renderPage(req, res, "availability/show", await journeyPage(user, journey));
}

async function removeJourney(req: Request, res: Response) {
  const user = requireUser(req);
  const journey = await requireJourneyFor(user, req.params.id);
  await deleteJourney(user, journey);
  flash(req, "notice", `Journey ${journey.fromPlace} → ${journey.toPlace} deleted`);
  res.redirect(303, AVAILABILITY_PATH);
}

async function showVehicles(req: Request, res: Response) {
  const user = requireShipperOffice(requireUser(req));
  if (isBlankSearch(req.query)) return renderPage(req, res, "availability/vehicles", vehiclesPage(null));
  const input = parseInput(VehiclesQuerySchema, req.query);
  const found = input.ok ? await findVehicles(user, input.data) : input;
  if (found.ok) return renderPage(req, res, "availability/vehicles", vehiclesPage(found));
  const page = vehiclesPage(null, { errors: found.errors, values: TypedSchema.parse(req.query) });
  await renderPage(req, res, "availability/vehicles", page, found.status);
}
