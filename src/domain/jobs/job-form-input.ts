// The job form as posted: `job[load_type]`, `job[vehicle_types][]`, `job[pickups][0][city]` … read by
// the server's urlencoded parser (qs) into `req.body.job`. Nothing here judges the answers: blanks
// become undefined, and the shapes qs produces are evened out, so later rules see one shape.

import { z } from "zod";

/** Rails-style checkboxes post a hidden "0" then "1"; qs gives ["0", "1"], and the last one wins. */
function lastOf(value: unknown): unknown {
  return Array.isArray(value) ? value.at(-1) : value;
}

function text(value: unknown): unknown {
  const single = lastOf(value);
  if (typeof single === "number" || typeof single === "boolean") return String(single);
  if (typeof single !== "string") return single ?? undefined;
  const trimmed = single.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** qs turns `x[25][city]` (index past its array limit) or `x[1700000000][city]` into an object. */
function entries(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return [];
  if (Array.isArray(value) || typeof value !== "object") return value;
  return Object.entries(value)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, entry]) => entry);
}

function textList(value: unknown): unknown {
  const list = typeof value === "string" ? [value] : entries(value);
  if (!Array.isArray(list)) return list;
  const kept = list.map(text).filter((item) => item !== undefined);
  return [...new Set(kept)];
}

const TRUE_TEXT = new Set(["1", "true", "on", "yes"]);
function flag(value: unknown): boolean {
  const single = text(value);
  return typeof single === "string" && TRUE_TEXT.has(single.toLowerCase());
}

const Text = z.preprocess(text, z.string({ error: "Invalid value" }).optional());
const TextList = z.preprocess(textList, z.array(z.string({ error: "Choose from the list" }), { error: "Choose from the list" }));
const Flag = z.preprocess(flag, z.boolean());
const listOf = <T extends z.ZodType>(item: T) => z.preprocess(entries, z.array(item, { error: "Invalid list" }));

export const LocationInputSchema = z.object({
  id: Text,
  position: Text,
  _destroy: Flag,
  full_address: Text,
  address: Text,
  city: Text,
  post_code: Text,
  region: Text,
  country_code: Text,
  company_name: Text,
  latitude: Text,
  longitude: Text,
  window_date: Text,
  window_from: Text,
  window_to: Text,
});
export type LocationInput = z.output<typeof LocationInputSchema>;

export const LoadEstimateInputSchema = z.object({ month: Text, number_of_loads: Text });

export const JobFormInputSchema = z.object({
  job_type: Text,
  reference: Text,
  start_date: Text,
  end_date: Text,
  frequency: Text,
  contract_duration: Text,
  number_of_loads: Text,
  call_off_load_type: Text,
  load_type: Text,
  load_condition: Text,
  vehicle_types: TextList,
  vehicle_spec: Text,
  required_certifications: TextList,
  pallet_type: Text,
  quantity_eu: Text,
  quantity_standard: Text,
  quantity_eu_double: Text,
  quantity_standard_double: Text,
  quantity_other: Text,
  pallet_size: Text,
  container_size: Text,
  load_quantity: Text,
  total_weight: Text,
  additional_notes: Text,
  customs_paperwork: Text,
  timezone: Text,
  additional_data: z.preprocess(
    (value) => value ?? {},
    z.object({ load_estimates: listOf(LoadEstimateInputSchema) }, { error: "Invalid value" }),
  ),
  assigned_driver_id: Text,
  is_auction: Flag,
  auction_opens_at: Text,
  auction_closes_at: Text,
  secure_now_price: Text,
  pickups: listOf(LocationInputSchema),
  deliveries: listOf(LocationInputSchema),
});
export type JobFormInput = z.output<typeof JobFormInputSchema>;
