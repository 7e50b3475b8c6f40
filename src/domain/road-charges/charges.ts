import { formatDate } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { crossingPence, dailyPence, dailyPrices, freeAtHour, freeHoursText, versionOn } from "./rules.ts";
import { ukDay, ukHour } from "./days.ts";
import { reaches, type VehicleProfile } from "./vehicle.ts";
import type { CrossingVisit, RouteVisits, ZoneVisit } from "./visits.ts";
import type { IsoDay, Source, ZoneRule } from "./zones.ts";

// What a route costs one vehicle: each zone's daily charge for each UK day it is in the zone, each
// crossing of a charged crossing (free in its night hours), and "not allowed" where the vehicle may
// not go at all (a Scottish LEZ below Euro VI; London over 12 t without a DVS permit). A charge is
// priced by the version of its rule in force on the day it falls.

export type ChargeStatus = "due" | "free" | "not_allowed";
export type RoadCharge = {
  id: string; name: string; kind: ZoneRule["kind"] | "crossing"; status: ChargeStatus;
  pence: number; days: IsoDay[]; crossings: number; text: string; source: Source;
};
export type RoadCharges = { charges: RoadCharge[]; totalPence: number; notAllowed: boolean; assumed: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const dayList = (days: readonly IsoDay[]) => days.map((day) => formatDate(day)).join(", ");

function dailyCharge(visit: ZoneVisit, rule: Extract<ZoneRule, { kind: "daily" }>, vehicle: VehicleProfile): RoadCharge {
  const base = { id: visit.zone.id, name: visit.zone.name, kind: rule.kind, days: visit.days, crossings: 0, source: rule.source ?? visit.zone.source };
  const charged = reaches(rule.reach, vehicle) ? visit.days.filter((day) => dailyPence(versionOn(rule.versions, day), vehicle.euroStandard) > 0) : [];
  const pence = charged.reduce((sum, day) => sum + dailyPence(versionOn(rule.versions, day), vehicle.euroStandard), 0);
  if (pence === 0) return { ...base, status: "free", pence: 0, text: `nothing for this vehicle: it charges ${rule.who}` };
  const version = versionOn(rule.versions, charged[0]!)!;
  const text = `${formatMoney(dailyPence(version, vehicle.euroStandard))} a day for ${rule.who}, ${plural(charged.length, "day", "days")} (${dayList(charged)})`;
  return { ...base, days: charged, status: "due", pence, text };
}

function refusal(visit: ZoneVisit, rule: Exclude<ZoneRule, { kind: "daily" }>, vehicle: VehicleProfile): RoadCharge | null {
  const inForce = visit.days.some((day) => day >= rule.from);
  const barred = rule.kind === "refused" ? rule.standards.includes(vehicle.euroStandard) : !vehicle.dvsPermit;
  if (!inForce || !reaches(rule.reach, vehicle) || !barred) return null;
  const { id, name, source } = visit.zone;
  return { id, name, kind: rule.kind, status: "not_allowed", pence: 0, days: visit.days, crossings: 0, text: `Not allowed: ${rule.reason}`, source };
}

function crossingCharge(visit: CrossingVisit, vehicle: VehicleProfile): RoadCharge {
  const { crossing, instants } = visit;
  const paid = instants.map((ms) => (freeAtHour(crossing, ukHour(ms)) ? 0 : crossingPence(versionOn(crossing.versions, ukDay(ms)), vehicle.axles)));
  const pence = paid.reduce((sum, each) => sum + each, 0);
  const kind = vehicle.axles <= 2 ? "two-axle" : "multi-axle";
  const each = formatMoney(Math.max(0, ...paid));
  const text = `${each} a crossing for a ${kind} goods vehicle, ${plural(instants.length, "crossing", "crossings")}; ${freeHoursText(crossing)}`;
  const days = [...new Set(instants.map(ukDay))];
  return { id: crossing.id, name: crossing.name, kind: "crossing", status: pence ? "due" : "free", pence, days, crossings: instants.length, text, source: crossing.source };
}

/** The charges the route's zones and crossings put on this vehicle, in the order of the zone list. */
export function chargesFor(visits: RouteVisits, vehicle: VehicleProfile): RoadCharges {
  const zoneCharges = visits.zones.flatMap((visit) =>
    visit.zone.rules.flatMap((rule) => {
      const charge = rule.kind === "daily" ? dailyCharge(visit, rule, vehicle) : refusal(visit, rule, vehicle);
      return charge ? [charge] : [];
    }),
  );
  const charges = [...zoneCharges, ...visits.crossings.map((visit) => crossingCharge(visit, vehicle))];
  return {
    charges,
    totalPence: charges.reduce((sum, charge) => sum + charge.pence, 0),
    notAllowed: charges.some((charge) => charge.status === "not_allowed"),
    assumed: vehicle.assumed,
  };
}

export type ZoneSummary = { id: string; name: string; text: string; source: Source };

function ruleText(rule: ZoneRule, day: IsoDay): string | null {
  if (rule.kind !== "daily") return day >= rule.from ? `not allowed for ${rule.who}` : null;
  const version = versionOn(rule.versions, day);
  return version ? `${dailyPrices(version)} for ${rule.who}` : null;
}

/**
 * What each zone and crossing on the route charges which vehicles, with the rules in force on the
 * route's first day: for a page with no vehicle chosen. "Bristol CAZ: £100 a day for lorries below Euro VI".
 */
export function routeSummaries(visits: RouteVisits): ZoneSummary[] {
  const zones = visits.zones.flatMap(({ zone, days }) => {
    const texts = zone.rules.flatMap((rule) => ruleText(rule, days[0]!) ?? []);
    return texts.length ? [{ id: zone.id, name: zone.name, text: texts.join("; "), source: zone.source }] : [];
  });
  const crossings = visits.crossings.flatMap(({ crossing, instants }) => {
    const version = versionOn(crossing.versions, ukDay(instants[0]!));
    if (!version) return [];
    const prices = `${formatMoney(version.twoAxlePence)} two-axle or ${formatMoney(version.multiAxlePence)} multi-axle goods vehicles a crossing`;
    const text = `${prices}, ${plural(instants.length, "crossing", "crossings")}; ${freeHoursText(crossing)}`;
    return [{ id: crossing.id, name: crossing.name, text, source: crossing.source }];
  });
  return [...zones, ...crossings];
}
