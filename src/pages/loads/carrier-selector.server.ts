import type { CarrierSelectorRequest } from "#domain/loads/carrier-selector.ts";
import { carrierChoices } from "#models/loads/carrier-choices.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The carrier selector of the load page's move form (views/loads/_carrier_selector.ejs), also
// answered on its own when the form's date or collection point changes.

/** The choices with the hint's names: the carriers already collecting in that place that day. */
export async function carrierSelector(user: CurrentUser, request: CarrierSelectorRequest) {
  const selector = await carrierChoices(user, request);
  const nearby = selector.choices.filter((choice) => choice.collectsNearby).map((choice) => choice.name);
  return { ...selector, nearbyNames: nearby.join(", ") };
}
export type CarrierSelector = Awaited<ReturnType<typeof carrierSelector>>;

/** What the selector first shows for a load: its carrier, its first collection point and its collection date. */
export function selectorRequestFor(load: LoadDetail): CarrierSelectorRequest {
  const pickup = load.stops.find((s) => s.jobLocation.kind === "pickup")?.jobLocation;
  return {
    job_id: load.jobId,
    carrier_account_id: load.carrierAccountId ?? undefined,
    address: { city: pickup?.city ?? "", country: pickup?.countryCode ?? "" },
    date: load.pickupDate ? load.pickupDate.toISOString().slice(0, 10) : null,
  };
}
