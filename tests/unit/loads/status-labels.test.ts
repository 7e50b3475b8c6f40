import { describe, expect, it } from "vitest";
import { LOAD_STATUSES, loadStatusLabel } from "#domain/loads/status.ts";
import { statusBadge } from "#domain/jobs/status-explanations.ts";

describe("load status labels", () => {
  it("call a load with a carrier but no driver 'Awaiting driver', on its badge too", () => {
    expect(loadStatusLabel("assigned")).toBe("Awaiting driver");
    expect(statusBadge("load", "assigned")).toEqual({ status: "assigned", label: "Awaiting driver", tooltip: "A carrier runs this load and has not named its driver yet." });
  });

  it("name every status, and leave an unknown one as it is", () => {
    expect(LOAD_STATUSES.map(loadStatusLabel)).toEqual(["Unassigned", "Awaiting driver", "Driver assigned", "Collected", "Delivered", "Cancelled"]);
    expect(loadStatusLabel("lost_at_sea")).toBe("lost_at_sea");
  });
});
