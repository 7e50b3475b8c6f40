// Domain events that people should hear about. Jobs, bidding and loads call `notify(...)` where the
// event happens (inside or right after their write); the live layer turns each into stored
// notifications for the right users and pushes them live. Placeholder until the live layer lands.
export type NotifyEvent =
  | { kind: "quote_received"; jobId: number; quoteId: number }
  | { kind: "outbid"; jobId: number; carrierAccountIds: number[] }
  | { kind: "awarded"; jobId: number; carrierAccountId: number; loads: number }
  | { kind: "quote_declined"; jobId: number; carrierAccountId: number }
  | { kind: "load_assigned"; loadId: number; carrierAccountId: number }
  | { kind: "driver_assigned"; loadId: number; driverId: number }
  | { kind: "load_status"; loadId: number; status: string }
  | { kind: "auction_live"; jobId: number }
  | { kind: "auction_closed"; jobId: number }
  | { kind: "job_cancelled"; jobId: number };

export async function notify(_event: NotifyEvent): Promise<void> {}
