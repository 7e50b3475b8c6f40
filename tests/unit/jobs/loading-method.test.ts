import { describe, expect, it } from "vitest";
import { data, errors } from "../../support/job-form.ts";
import { jobFacts } from "#domain/jobs/form/facts.ts";
import { JOB_FIELDS, jobFieldList } from "#domain/jobs/form/fields.ts";
import { locationColumnsOf } from "#domain/jobs/form/location-fields.ts";
import { parseJobForm } from "#domain/jobs/form/parse.ts";
import { formInputOf, jobColumnsOf } from "#domain/jobs/form/stored.ts";

// How the goods are loaded: a required choice of its own, added as one row of the field table.
const form = {
  job_type: "single", reference: "Steel to Hull", load_type: "without_pallets", vehicle_types: ["flatbed"], loading_method: "top",
  pickups: [{ city: "Sheffield", country_code: "GB", window_date: "2031-03-03" }],
  deliveries: [{ city: "Hull", country_code: "GB", window_date: "2031-03-04" }],
};
const without = { ...form, loading_method: undefined };

describe("the loading method", () => {
  it.each([
    ["rear", "Rear"],
    ["side", "Side"],
    ["top", "Top"],
  ])("%s is stored in its column and shown on the job and load pages as %s", (method, label) => {
    const job = data(parseJobForm({ ...form, loading_method: method }));
    const columns = jobColumnsOf(job);
    expect(columns.loadingMethod).toBe(method);
    const stored = { ...columns, locations: job.pickups.map((l, i) => ({ id: i + 1, ...locationColumnsOf("pickup", l) })) };
    expect(jobFacts(stored, "load")).toContainEqual({ label: "Loading method", value: label });
    expect(formInputOf(stored).loading_method).toBe(method);
  });

  it("is asked for on publishing, beside the field, in the field table's words", () => {
    expect(JOB_FIELDS.loading_method.required).toBe("Choose how the goods are loaded");
    expect(errors(parseJobForm(without))).toEqual({ loading_method: "Choose how the goods are loaded" });
  });

  it("may be left blank in a draft, and is then stored as none", () => {
    expect(jobColumnsOf(data(parseJobForm(without, { mode: "draft" }))).loadingMethod).toBeNull();
  });

  it.each(["sideways", "Rear", "crane"])("refuses %s, in a draft too", (method) => {
    expect(errors(parseJobForm({ ...form, loading_method: method }))).toEqual({ loading_method: "Choose how the goods are loaded" });
    expect(errors(parseJobForm({ ...form, loading_method: method }, { mode: "draft" }))).toEqual({ loading_method: "Choose how the goods are loaded" });
  });

  it("shows nothing on the pages of a job saved before it was asked", () => {
    const old = { ...jobColumnsOf(data(parseJobForm(form))), loadingMethod: null, locations: [] };
    expect(jobFacts(old, "load").map((fact) => fact.label)).not.toContain("Loading method");
  });
});

describe("required fields come from the field table", () => {
  const required = jobFieldList().filter(([, spec]) => spec.required && !spec.group);

  it("has the loading method among the fields every published job needs", () => {
    expect(required.map(([name]) => name)).toEqual(["loading_method"]);
  });

  it.each(jobFieldList().filter(([, spec]) => typeof spec.required === "string" && spec.input === "text" && spec.group))(
    "%s: publishing asks with the row's own message while its group shows",
    (name, spec) => {
      expect(errors(parseJobForm(shownFor(spec.group!)))[name]).toBe(spec.required);
    },
  );
});

/** A form that shows the group (its fields left blank). */
function shownFor(group: string): Record<string, unknown> {
  const forms: Record<string, Record<string, unknown>> = {
    start_date: { job_type: "multi" },
    end_date: { job_type: "multi" },
    frequency: { job_type: "multi" },
    contract_duration: { job_type: "contract" },
    pallet_type: { load_type: "palletised" },
    container_size: { load_type: "shipping_container" },
    customs_paperwork: { pickups: [{ city: "Leeds", country_code: "GB" }], deliveries: [{ city: "Lyon", country_code: "FR" }] },
    auction: { is_auction: "1" },
    audience_pools: { audience: "pools" },
    audience_market_step: { audience: "pools_then_market" },
  };
  return forms[group] ?? {};
}
