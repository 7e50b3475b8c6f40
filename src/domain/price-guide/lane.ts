import { z } from "zod";
import { LOAD_TYPES, VEHICLE_TYPES } from "#domain/jobs/catalogue.ts";
import { laneAreaOf } from "./postcode-area.ts";

// A lane of the price guide: from one postcode area to another, for one vehicle type and one load
// type. A load is on the lane when its job's first collection is in the `from` area, its last
// delivery in the `to` area, its vehicle types include the lane's and its load type is the lane's.

export type Lane = { from: string; to: string; vehicle: string; loadType: string };

/** What a priced load tells about its lane: its areas (null when not a UK postcode) and job facts. */
export type LaneFacts = { from: string | null; to: string | null; vehicleTypes: readonly string[]; loadType: string };

export function isOnLane(facts: LaneFacts, lane: Lane): boolean {
  return facts.from === lane.from && facts.to === lane.to && facts.loadType === lane.loadType && facts.vehicleTypes.includes(lane.vehicle);
}

/** "LS → BS": how a lane's areas are written. */
export function laneText(lane: Pick<Lane, "from" | "to">): string {
  return `${lane.from} → ${lane.to}`;
}

const area = (name: string) =>
  z
    .string({ error: `${name} must be a UK postcode area such as LS` })
    .max(16, `${name} must be a UK postcode area such as LS`)
    .transform((text, ctx) => laneAreaOf(text) ?? (ctx.addIssue({ code: "custom", message: `${name} must be a UK postcode area such as LS` }), z.NEVER));

const oneOf = (name: string, values: readonly string[]) =>
  z.string({ error: `${name} must be one of ${values.join(", ")}` }).refine((value) => values.includes(value), `${name} must be one of ${values.join(", ")}`);

/** The price guide API's query: from=LS&to=BS&vehicle=curtain_side&load_type=palletised. */
export const LaneQuerySchema = z
  .object({
    from: area("from"),
    to: area("to"),
    vehicle: oneOf("vehicle", VEHICLE_TYPES.map((option) => option.value)),
    load_type: oneOf("load_type", LOAD_TYPES.map((option) => option.value)),
  })
  .transform(({ from, to, vehicle, load_type }): Lane => ({ from, to, vehicle, loadType: load_type }));
