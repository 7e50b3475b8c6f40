import { db } from "#db/client.server.ts";
import { createJob } from "./job-fixtures.ts";

/** The props of the chart island with this DOM id, read back out of the page. */
export function chartPropsIn(html: string, domId: string): { labels: string[]; values: number[] | null; datasets: { label: string; values: number[] }[] | null; summary: string } {
  const element = new RegExp(`id="${domId}-drawing"[^>]*data-island-props-value="([^"]*)"`).exec(html);
  if (!element) throw new Error(`No chart ${domId} on the page`);
  const json = element[1]!.replaceAll("&#34;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  return JSON.parse(json);
}

type LoadAt = { carrierAccountId: number; pence: number; deliveredAt?: Date; pickupDate?: string; status?: string };

/** A job of the shipper's from `from` to `to` with these loads (delivered unless told otherwise). */
export async function jobWithLoads(shipper: { accountId: number; id: number }, loads: LoadAt[], lane: { from?: string; to?: string; jobType?: string; additionalData?: string; status?: string } = {}) {
  const job = await createJob(shipper.accountId, shipper.id, {
    status: lane.status ?? "completed",
    jobType: lane.jobType ?? "single",
    additionalData: lane.additionalData,
    expectedQuantity: Math.max(1, loads.length),
    pickup: { city: lane.from ?? "Leeds" },
    delivery: { city: lane.to ?? "Bristol" },
  });
  await db().load.createMany({
    data: loads.map((load, index) => ({
      jobId: job.id,
      sequence: index + 1,
      carrierAccountId: load.carrierAccountId,
      status: load.status ?? "delivered",
      priceCents: load.pence,
      pickupDate: new Date(`${load.pickupDate ?? load.deliveredAt?.toISOString().slice(0, 10) ?? "2026-01-01"}T00:00:00Z`),
      deliveredAt: (load.status ?? "delivered") === "delivered" ? load.deliveredAt : null,
    })),
  });
  return job;
}
