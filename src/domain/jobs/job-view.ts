// Everything the job views use besides the app-wide formatters, handed to them as one `jobView`
// local so templates never rebuild a rule or a label of their own.

import { formatDate, formatDateTime, formatMonthYear } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import * as catalogue from "./catalogue.ts";
import { countryLabel } from "./board-filters.ts";
import { fieldName } from "./job-form-schema.ts";
import { QUANTITY_FIELDS, QUANTITY_OPTION_CEILING, isQuantityOptionAllowed, maxPalletsFor } from "./pallet-limits.ts";
import { JOB_STATUSES } from "./status.ts";
import { storedList, storedLoadEstimates } from "./stored-job.ts";
import { loadSummary, placeLabel, routeLabel, scheduleSummary } from "./summary.ts";

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
};
export type JobView = typeof jobView;
