import { describe, expect, it } from "vitest";
import { driverFact } from "#domain/jobs/driver-fact.ts";

const single = { jobType: "single", assignedDriver: null };

describe("driverFact: who drives a job, as its page says", () => {
  it.each([
    ["a single load before award, no driver chosen", single, [], { label: "Assigned driver", value: "None yet" }],
    ["a single load before award, the shipper's own driver chosen", { ...single, assignedDriver: { name: "Olly Own" } }, [], { label: "Assigned driver", value: "Olly Own" }],
    ["a multi-load job before award", { ...single, jobType: "multi" }, [], null],
    ["a delivered single load: its load's driver, not the form's empty choice", single, [{ name: "Dave Hughes", loads: 1 }], { label: "Assigned driver", value: "Dave Hughes" }],
    ["an awarded single load with no driver yet", single, [{ name: null, loads: 1 }], { label: "Assigned driver", value: "None yet" }],
    ["several loads, some without a driver", { ...single, jobType: "multi" }, [{ name: "Dee Driver", loads: 2 }, { name: null, loads: 3 }, { name: "Ann Able", loads: 1 }], { label: "Drivers", value: "Ann Able, Dee Driver; 3 loads without a driver yet" }],
    ["several loads, none with a driver", { ...single, jobType: "multi" }, [{ name: null, loads: 4 }], { label: "Drivers", value: "None yet for any of the 4 loads" }],
  ])("%s", (_case, job, drivers, expected) => {
    expect(driverFact(job, drivers)).toEqual(expected);
  });
});
