// Everything the job views use besides the app-wide formatters, handed to them as one `jobView`
// local so templates never rebuild a rule or a label of their own.

import { addressLine } from "#domain/format/address.ts";
import { formatDate, formatDateTime, formatMonthYear } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import * as catalogue from "./catalogue.ts";
import { countryLabel } from "./board-filters.ts";
import { formState } from "./hidden-fields.ts";
import { fieldName } from "./job-form-schema.ts";
import { visibleGroups } from "./form-visibility.ts";
import { jobFieldList, type Fact } from "./job-fields.ts";
import { MAX_LOCATIONS_PER_SIDE } from "./limits.ts";
import { LOCATION_FACTS } from "./location-fields.ts";
import { QUANTITY_FIELDS, QUANTITY_OPTION_CEILING, isQuantityOptionAllowed, maxPalletsFor } from "./pallet-limits.ts";
import { JOB_STATUSES } from "./status.ts";
import { formInputOf, storedList, storedLoadEstimates, type StoredJob } from "./stored-job.ts";
import { loadSummary, placeLabel, routeLabel, scheduleSummary } from "./summary.ts";

/**
 * The job page's rows of one section, from the field table: each field with a fact whose group the
 * job shows and whose value reads as something (in table order).
 */
export function jobFacts(job: StoredJob & { jobType: string }, section: Fact["section"]): { label: string; value: string }[] {
  const posted = formInputOf(job) as Record<string, unknown>;
  const visible = visibleGroups(formState(formInputOf(job)));
  return jobFieldList().flatMap(([name, spec]) => {
    if (!spec.fact || spec.fact.section !== section || (spec.group && !visible[spec.group])) return [];
    const value = spec.fact.text(posted[name]);
    const label = typeof spec.fact.label === "function" ? spec.fact.label(job) : spec.fact.label;
    return value === null ? [] : [{ label, value }];
  });
}

/** A location's labelled extras (booking-in reference, site contact …) that have a value; a phone number with its tel: link. */
export function locationFacts(location: Record<string, unknown>): { label: string; value: string; href?: string }[] {
  return LOCATION_FACTS.flatMap(({ key, label, phone }) => {
    if (!location[key]) return [];
    const value = String(location[key]);
    return [phone ? { label, value, href: telHref(value) } : { label, value }];
  });
}

/** "0113 496 0000 ext. 12" → "tel:01134960000": the number a phone can ring (an extension is dialled by hand). */
export const telHref = (phone: string) => `tel:${phone.replace(/\s*(ext\.?|x)\s*[0-9]+$/i, "").replace(/[^+0-9]/g, "")}`;

export const ADDRESS_NOT_FOUND = "We could not find that address. Check it, or enter it in detail.";

export const jobView = {
  catalogue,
  countryLabel,
  fieldName,
  /** "job_pickups_0_city": the id of a field, from its dotted path. */
  fieldId: (path: string) => `job_${path.replace(/[^\w]+/g, "_")}`,
  statusLabel: (status: string) => catalogue.labelFor(JOB_STATUSES, status),
  QUANTITY_FIELDS,
  QUANTITY_OPTION_CEILING,
  isQuantityOptionAllowed,
  maxPalletsFor,
  storedList,
  storedLoadEstimates,
  formatMonthYear,
  formatDate,
  formatDateTime,
  formatMoney,
  loadSummary,
  placeLabel,
  routeLabel,
  scheduleSummary,
  ADDRESS_NOT_FOUND,
  MAX_LOCATIONS_PER_SIDE,
  addressLine,
  jobFacts,
  locationFacts,
};
export type JobView = typeof jobView;
