// What the job page and the load page show of a job, from the field tables: each field with a
// `fact` (the job's) or a `label` (a location's), in table order, with its value as text.

import { jobFieldList } from "./fields.ts";
import { LOCATION_FACTS } from "./location-fields.ts";
import type { Fact } from "./rows.ts";
import { formInputOf, type StoredJob } from "./stored.ts";
import { formState, visibleGroups } from "./visibility.ts";

type PageFact = { label: string; value: string };

/**
 * The page's rows of one section: each field with a fact whose group the job shows and whose value
 * reads as something (in table order).
 */
export function jobFacts(job: StoredJob & { jobType: string }, section: Fact["section"]): PageFact[] {
  const posted = formInputOf(job) as Record<string, unknown>;
  const visible = visibleGroups(formState(formInputOf(job)));
  return jobFieldList().flatMap(([name, spec]) => {
    if (!spec.fact || spec.fact.section !== section || (spec.group && !visible[spec.group])) return [];
    const value = spec.fact.text(posted[name]);
    const label = typeof spec.fact.label === "function" ? spec.fact.label(job) : spec.fact.label;
    return value === null ? [] : [{ label, value }];
  });
}

/** A location's labelled extras (booking-in reference, site contact …) with a value; a phone number with its tel: link. */
export function locationFacts(location: Record<string, unknown>): { label: string; value: string; href?: string }[] {
  return LOCATION_FACTS.flatMap(({ key, label, phone }) => {
    if (!location[key]) return [];
    const value = String(location[key]);
    return [phone ? { label, value, href: telHref(value) } : { label, value }];
  });
}

/** "0113 496 0000 ext. 12" → "tel:01134960000": the number a phone can ring (an extension is dialled by hand). */
export const telHref = (phone: string) =>
  `tel:${phone.replace(/\s*(ext\.?|x)\s*[0-9]+$/i, "").replace(/[^+0-9]/g, "")}`;
