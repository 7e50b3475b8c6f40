import { db } from "#db/client.server.ts";
import { AUDIENCES } from "#domain/jobs/form/audience-fields.ts";
import type { JobFormInput } from "#domain/jobs/form/input.ts";
import { fieldId } from "#domain/jobs/form/names.ts";

// The form's "Who sees this job" group: the audience radios and the shipper's own pools as
// checkboxes (per shipper, so read here rather than kept in the field table). A shipper with no
// pools has only the open market to choose, and a link to make a pool.

type Errors = Record<string, string>;
export type PoolOption = { id: number; name: string };

/** The shipper's pools, by name: what the form offers a job to. */
export function poolOptionsFor(shipperAccountId: number): Promise<PoolOption[]> {
  return db().pool.findMany({ where: { shipperAccountId }, select: { id: true, name: true }, orderBy: [{ name: "asc" }, { id: "asc" }] });
}

export function audienceLocals(values: JobFormInput, errors: Errors, pools: readonly PoolOption[]) {
  const hasPools = pools.length > 0;
  const chosen = hasPools ? (values.audience ?? "market") : "market";
  const ticked = new Set(values.pool_ids ?? []);
  return {
    hasPools,
    newPoolHref: "/pools",
    audiences: AUDIENCES.map((option) => ({
      ...option, id: fieldId(`audience.${option.value}`), checked: option.value === chosen, disabled: !hasPools && option.value !== "market",
    })),
    pools: pools.map((pool) => ({ value: String(pool.id), label: pool.name, id: fieldId(`pool_ids.${pool.id}`), checked: ticked.has(String(pool.id)) })),
    poolsError: errors.pool_ids,
    audienceError: errors.audience,
  };
}

/** Where the summary's messages of the group lead: the first radio, the first pool's box. */
export function audienceSummaryTargets(pools: readonly PoolOption[]): Record<string, string | null> {
  return { audience: fieldId("audience.market"), pool_ids: pools[0] ? fieldId(`pool_ids.${pools[0].id}`) : fieldId("audience.market") };
}
