// Everything the job views use besides the app-wide formatters, handed to them as one `jobView`
// local so templates never rebuild a rule or a label of their own.

import { addressLine } from "#domain/format/address.ts";
import { formatDate, formatDateTime, formatMonthYear } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import * as catalogue from "./catalogue.ts";
import { countryLabel } from "./board-filters.ts";
import { jobFacts, locationFacts } from "./form/facts.ts";
import { fieldId, fieldName } from "./form/names.ts";
import { MAX_LOCATIONS_PER_SIDE } from "./limits.ts";
import { QUANTITY_OPTION_CEILING, isQuantityOptionAllowed } from "./pallet-limits.ts";
import { JOB_STATUSES } from "./status.ts";
import { storedList, storedLoadEstimates } from "./stored-values.ts";
import { loadSummary, placeLabel, routeLabel, scheduleSummary } from "./summary.ts";

export const ADDRESS_NOT_FOUND = "We could not find that address. Check it, or enter it in detail.";

export const jobView = {
  catalogue,
  countryLabel,
  fieldName,
  fieldId,
  statusLabel: (status: string) => catalogue.labelFor(JOB_STATUSES, status),
  QUANTITY_OPTION_CEILING,
  isQuantityOptionAllowed,
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
