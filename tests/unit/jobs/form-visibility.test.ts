import { describe, expect, it } from "vitest";
import { GROUP_NAMES, visibleGroups, type GroupName, type JobFormState } from "#domain/jobs/form/visibility.ts";

const base: JobFormState = { jobType: "single", numberOfLoads: "", loadType: "palletised", vehicleTypes: [], pickups: [], deliveries: [] };
const shown = (state: Partial<JobFormState>, group: GroupName) => visibleGroups({ ...base, ...state })[group];

describe("visibleGroups: job type", () => {
  it.each([
    { group: "start_date", single: false, multi: true, contract: true },
    { group: "end_date", single: false, multi: true, contract: false },
    { group: "frequency", single: false, multi: true, contract: false },
    { group: "assigned_driver", single: true, multi: false, contract: false },
    { group: "window_single", single: true, multi: false, contract: false },
    { group: "window_multi", single: false, multi: true, contract: true },
    { group: "contract_duration", single: false, multi: false, contract: true },
    { group: "load_estimates", single: false, multi: false, contract: true },
    { group: "number_of_loads", single: true, multi: true, contract: false },
  ] as const)("$group: single $single, multi $multi, contract $contract", ({ group, single, multi, contract }) => {
    expect(shown({ jobType: "single" }, group)).toBe(single);
    expect(shown({ jobType: "multi" }, group)).toBe(multi);
    expect(shown({ jobType: "contract" }, group)).toBe(contract);
  });

  it.each([undefined, null, "", "weekly_run"])("reads a missing or unknown job type (%s) as single", (jobType) => {
    expect(visibleGroups({ ...base, jobType })).toEqual(visibleGroups({ ...base, jobType: "single" }));
  });
});

describe("visibleGroups: call-off load type", () => {
  it.each([
    { jobType: "single", numberOfLoads: "", visible: false },
    { jobType: "single", numberOfLoads: undefined, visible: false },
    { jobType: "single", numberOfLoads: "0", visible: false },
    { jobType: "single", numberOfLoads: 0, visible: false },
    { jobType: "single", numberOfLoads: "3", visible: true },
    { jobType: "single", numberOfLoads: 3, visible: true },
    { jobType: "single", numberOfLoads: " 1 ", visible: true },
    { jobType: "single", numberOfLoads: "abc", visible: false },
    { jobType: "multi", numberOfLoads: "", visible: true },
    { jobType: "multi", numberOfLoads: "  ", visible: true },
    { jobType: "multi", numberOfLoads: null, visible: true },
    { jobType: "multi", numberOfLoads: "2", visible: false },
    { jobType: "multi", numberOfLoads: "0", visible: false },
    { jobType: "contract", numberOfLoads: "", visible: true },
    { jobType: "contract", numberOfLoads: "5", visible: true },
  ])("$jobType job with number of loads '$numberOfLoads': shown = $visible", ({ jobType, numberOfLoads, visible }) => {
    expect(shown({ jobType, numberOfLoads }, "call_off_load_type")).toBe(visible);
  });
});

describe("visibleGroups: load type", () => {
  const loadTypes = ["palletised", "without_pallets", "ibc", "drums", "shipping_container", ""] as const;
  const table: Record<string, readonly string[]> = {
    pallet_type: ["palletised"],
    pallet_quantities: ["palletised"],
    pallet_size: ["palletised"],
    additional_notes: ["palletised"],
    container_size: ["shipping_container"],
    load_quantity: ["ibc", "drums"],
    total_weight: ["palletised", "without_pallets", "ibc", "drums"],
    load_condition: ["palletised", "without_pallets", "ibc", "drums", ""],
    vehicle_types: ["palletised", "without_pallets", "ibc", "drums", ""],
    required_certifications: ["palletised", "without_pallets", "ibc", "drums", ""],
  };
  it.each(Object.entries(table).flatMap(([group, showing]) => loadTypes.map((loadType) => ({ group, loadType, visible: showing.includes(loadType) }))))(
    "$group with load type '$loadType': shown = $visible",
    ({ group, loadType, visible }) => {
      expect(shown({ loadType }, group as GroupName)).toBe(visible);
    },
  );
});

describe("visibleGroups: vehicle specification", () => {
  it.each([
    { vehicleTypes: [], loadType: "palletised", visible: false },
    { vehicleTypes: ["box", "artic"], loadType: "palletised", visible: false },
    { vehicleTypes: ["curtain_side"], loadType: "palletised", visible: true },
    { vehicleTypes: ["box", "curtain_side"], loadType: "drums", visible: true },
    { vehicleTypes: ["curtain_side"], loadType: "shipping_container", visible: false },
  ])("vehicle types $vehicleTypes, load $loadType: shown = $visible", ({ vehicleTypes, loadType, visible }) => {
    expect(shown({ vehicleTypes, loadType }, "vehicle_spec")).toBe(visible);
  });
});

describe("visibleGroups: customs paperwork and auction", () => {
  it.each([
    { pickups: [{ countryCode: "GB" }], deliveries: [{ countryCode: "FR" }], visible: true },
    { pickups: [{ countryCode: "GB" }], deliveries: [{ countryCode: "GB" }], visible: false },
    { pickups: [{ countryCode: "GB" }], deliveries: [{ countryCode: "GB", region: "Northern Ireland" }], visible: true },
    { pickups: [{ countryCode: "GB" }], deliveries: [], visible: false },
  ])("customs for $pickups → $deliveries: shown = $visible", ({ pickups, deliveries, visible }) => {
    expect(shown({ pickups, deliveries }, "customs_paperwork")).toBe(visible);
  });

  it.each([
    { isAuction: true, visible: true },
    { isAuction: false, visible: false },
    { isAuction: undefined, visible: false },
  ])("auction details when is_auction is $isAuction: shown = $visible", ({ isAuction, visible }) => {
    expect(shown({ isAuction }, "auction")).toBe(visible);
  });
});

describe("visibleGroups: shape", () => {
  it("answers every group name, and nothing else", () => {
    expect(Object.keys(visibleGroups(base)).sort()).toEqual([...GROUP_NAMES].sort());
  });

  it("uses names that work as data-visibility-group values", () => {
    for (const name of GROUP_NAMES) expect(name).toMatch(/^[a-z][a-z_]*$/);
  });
});
