import { JOB_TYPES, PALLET_TYPE_OPTIONS, CERTIFICATIONS } from "#domain/jobs/catalogue.ts";
import { jobFieldList } from "#domain/jobs/form/fields.ts";
import type { JobFormInput } from "#domain/jobs/form/input.ts";
import { fieldId, fieldName } from "#domain/jobs/form/names.ts";
import { formState, visibleGroups, type Visibility } from "#domain/jobs/form/visibility.ts";
import { jobView } from "#domain/jobs/job-view.ts";
import {
  QUANTITY_FIELDS, QUANTITY_OPTION_CEILING, isQuantityOptionAllowed, quantityLimitType,
} from "#domain/jobs/pallet-limits.ts";
import type { JobDetail } from "#models/jobs.server.ts";
import { recentPlaces } from "#models/jobs/recent-places.server.ts";
import { driversFor } from "#models/loads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { audienceLocals, audienceSummaryTargets, poolOptionsFor, type PoolOption } from "#pages/jobs/form-audience.server.ts";
import { COUNTRY_OPTIONS, firstLocationFieldId, locationSide } from "#pages/jobs/form-locations.server.ts";

// The job form page (views/jobs/new.ejs, edit.ejs and _form.ejs): the values it shows, its
// messages, and everything its template would otherwise work out for itself.

type Errors = Record<string, string>;

/** `postingAgain`: the reference of the job whose answers fill a new job's form ("Post again"). */
export type FormPage = { job?: JobDetail; values: JobFormInput; errors?: Errors; postingAgain?: string };

/** Each select's and checkbox list's options, from the field table: `options.loading_method` … */
const FIELD_OPTIONS = Object.fromEntries(
  jobFieldList().flatMap(([name, { options }]) => (options ? [[name, options]] : [])),
);

const QUANTITY_NUMBERS = Array.from({ length: QUANTITY_OPTION_CEILING + 1 }, (_, n) => n);

/** The pallet quantity selects: one per pallet type, its options above the limit it follows hidden. */
function palletQuantities(values: JobFormInput, errors: Errors) {
  return PALLET_TYPE_OPTIONS.map(({ value: type, label }) => {
    const field = QUANTITY_FIELDS[type];
    const limitType = quantityLimitType(type, values.pallet_type);
    const chosen = String(values[field] ?? "");
    const options = QUANTITY_NUMBERS.map((n) => ({
      value: n, selected: chosen === String(n), allowed: isQuantityOptionAllowed(limitType, n),
    }));
    return { type, label, id: fieldId(field), name: fieldName(field), error: errors[field], options };
  });
}

/** The contract's monthly rows, with each row's ids and message. */
function estimateRows(values: JobFormInput, errors: Errors) {
  return values.additional_data.load_estimates.map((estimate, i) => {
    const path = `additional_data.load_estimates.${i}`;
    const month = estimate.month ?? "";
    const loads = `${path}.number_of_loads`;
    return {
      month, label: jobView.formatMonthYear(month) || month, value: estimate.number_of_loads ?? "",
      id: fieldId(loads), monthName: fieldName(`${path}.month`), name: fieldName(loads), error: errors[loads],
    };
  });
}

/**
 * Where each message of the summary takes the focus: the field itself, or the first field of a
 * group (a side's first location, the first radio or checkbox, the first monthly estimate).
 */
function summaryIdFor(values: JobFormInput, pools: readonly PoolOption[]): (key: string) => string | null {
  const jobType = JOB_TYPES.some((option) => option.value === values.job_type) ? values.job_type : JOB_TYPES[0]!.value;
  const targets: Record<string, string | null> = {
    base: null,
    pickups: firstLocationFieldId("pickups", values),
    deliveries: firstLocationFieldId("deliveries", values),
    job_type: fieldId(`job_type.${jobType}`),
    required_certifications: CERTIFICATIONS[0] ? fieldId(`required_certifications.${CERTIFICATIONS[0].value}`) : null,
    "additional_data.load_estimates": values.additional_data.load_estimates.length
      ? fieldId("additional_data.load_estimates.0.number_of_loads")
      : "job_load_estimates_breakdown",
    ...audienceSummaryTargets(pools),
  };
  return (key) => (key in targets ? (targets[key] ?? null) : fieldId(key));
}

type Choices = { drivers: readonly { id: number; name: string }[]; pools: readonly PoolOption[] };

function formLocals(page: FormPage, errors: Errors, visible: Visibility, { drivers, pools }: Choices) {
  const { job, values } = page;
  return {
    action: job ? `/jobs/${job.id}` : "/jobs",
    method: job ? "patch" : "post",
    cancelHref: job ? `/jobs/${job.id}` : "/jobs",
    isDraft: !job || job.status === "draft",
    hasErrors: Object.keys(errors).length > 0,
    shownGroups: JSON.stringify(Object.keys(visible).filter((name) => visible[name as keyof Visibility])),
    summaryIdFor: summaryIdFor(values, pools),
    audience: audienceLocals(values, errors, pools),
    options: FIELD_OPTIONS,
    driverOptions: drivers.map((driver) => ({ value: driver.id, label: driver.name })),
    estimates: estimateRows(values, errors),
    palletQuantities: palletQuantities(values, errors),
    sides: [locationSide("pickups", values, errors), locationSide("deliveries", values, errors)],
    countries: COUNTRY_OPTIONS,
  };
}

/** The locals of the new and edit pages; `form` is what _form.ejs shows beyond the values and messages. */
export async function jobFormPage(user: CurrentUser, page: FormPage) {
  const [drivers, places, pools] = await Promise.all([driversFor(user.accountId), recentPlaces(user), poolOptionsFor(user.accountId)]);
  const errors = page.errors ?? {};
  const visible = visibleGroups(formState(page.values));
  return {
    title: page.job ? `Edit ${page.job.reference}` : "Post a job",
    job: page.job,
    values: page.values,
    errors,
    visible,
    recentPlaces: places,
    postingAgain: page.postingAgain ?? null,
    jobView,
    form: formLocals(page, errors, visible, { drivers, pools }),
  };
}
