// A contract estimates its loads per month; the shipper then calls loads off against it. A month
// whose call-offs run more than 20% above or below its estimate is worth telling both sides about:
// the carrier plans vehicles from the estimate and the shipper may be under- or over-ordering.

export const CALL_OFF_TOLERANCE_PERCENT = 20;

export type CallOffVariance = "above" | "within" | "below";

/**
 * Where a month's call-offs stand against its estimate. Exactly 20% off is still within. With no
 * estimate, any call-off at all is above it.
 */
export function callOffVariance(estimate: number, calledOff: number): CallOffVariance {
  const scale = 100;
  if (calledOff * scale > estimate * (scale + CALL_OFF_TOLERANCE_PERCENT)) return "above";
  if (calledOff * scale < estimate * (scale - CALL_OFF_TOLERANCE_PERCENT)) return "below";
  return "within";
}

/** How far off the estimate, in whole percent (+40, -25); null without an estimate. */
export function callOffDeviationPercent(estimate: number, calledOff: number): number | null {
  return estimate > 0 ? Math.round(((calledOff - estimate) / estimate) * 100) : null;
}

export type CallOffMonth = { month: string; label: string; estimate: number; calledOff: number; variance: CallOffVariance };
