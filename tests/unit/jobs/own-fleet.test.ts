import { describe, expect, it } from "vitest";
import { parseJobForm } from "#domain/jobs/form/parse.ts";
import { OWN_DRIVER_NOT_AUCTIONED, isForOwnDriver, statusOnPublish } from "#domain/jobs/own-fleet.ts";
import { errors } from "../../support/job-form.ts";

// A single load for the shipper's own driver is awarded as it is published, never auctioned.

const NOW = Date.parse("2031-03-01T09:00:00Z");
const tender = { isAuction: false, auctionOpensAt: null, auctionClosesAt: null };

describe("statusOnPublish", () => {
  it.each([
    { job: { ...tender, jobType: "single", assignedDriverId: 7 }, status: "awarded" },
    { job: { ...tender, jobType: "single", assignedDriverId: null }, status: "open" },
    // The field is the single-load job's only: a multi-load job with a stale driver still goes out for quotes.
    { job: { ...tender, jobType: "multi", assignedDriverId: 7 }, status: "open" },
    { job: { isAuction: true, auctionOpensAt: new Date(NOW + 3_600_000), auctionClosesAt: null, jobType: "single", assignedDriverId: null }, status: "scheduled" },
  ])("$job.jobType job, driver $job.assignedDriverId → $status", ({ job, status }) => {
    expect(statusOnPublish(job, NOW)).toBe(status);
    expect(isForOwnDriver(job)).toBe(status === "awarded");
  });
});

describe("the job form", () => {
  const single = {
    job_type: "single",
    reference: "Own fleet to Bristol",
    loading_method: "rear",
    load_type: "without_pallets",
    total_weight: "9000",
    vehicle_types: ["box"],
    timezone: "Europe/London",
    pickups: [{ city: "Leeds", post_code: "LS1 4AP", region: "England", country_code: "GB", window_date: "2031-03-03" }],
    deliveries: [{ city: "Bristol", post_code: "BS1 6QF", region: "England", country_code: "GB", window_date: "2031-03-04" }],
  };
  const auction = { is_auction: "1", auction_opens_at: "2031-03-02T09:00", auction_closes_at: "2031-03-02T12:00" };

  it("refuses an auction for the shipper's own driver, beside the driver field (drafts too)", () => {
    expect(errors(parseJobForm({ ...single, ...auction, assigned_driver_id: "7" }))).toMatchObject({ assigned_driver_id: OWN_DRIVER_NOT_AUCTIONED });
    expect(errors(parseJobForm({ ...single, ...auction, assigned_driver_id: "7" }, { mode: "draft" }))).toMatchObject({ assigned_driver_id: OWN_DRIVER_NOT_AUCTIONED });
  });

  it("accepts an auction without a driver, and a driver without an auction", () => {
    expect(parseJobForm({ ...single, ...auction }).ok).toBe(true);
    expect(parseJobForm({ ...single, assigned_driver_id: "7" }).ok).toBe(true);
  });
});
