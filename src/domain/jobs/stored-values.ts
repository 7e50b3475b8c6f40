// How job values sit in their columns: lists and the monthly estimates as JSON text, calendar
// dates as UTC midnight. Unreadable stored text reads as empty, so old rows stay displayable.

export type LoadEstimate = { month: string; numberOfLoads: number };

function parseJson(text: string | null | undefined): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return null;
  }
}

/** A JSON list column ('["box","artic"]') as strings; anything unreadable reads as empty. */
export function storedList(text: string | null | undefined): string[] {
  const value = parseJson(text);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The contract's monthly estimates from additionalData. */
export function storedLoadEstimates(text: string | null | undefined): LoadEstimate[] {
  const value = parseJson(text) as { load_estimates?: unknown } | null;
  const list = Array.isArray(value?.load_estimates) ? value.load_estimates : [];
  return list.flatMap((entry: { month?: unknown; number_of_loads?: unknown }) =>
    typeof entry?.month === "string" && typeof entry.number_of_loads === "number" ? [{ month: entry.month, numberOfLoads: entry.number_of_loads }] : [],
  );
}

export function additionalDataText(estimates: readonly LoadEstimate[]): string {
  return JSON.stringify({ load_estimates: estimates.map((estimate) => ({ month: estimate.month, number_of_loads: estimate.numberOfLoads })) });
}

/** A calendar date kept as UTC midnight → "yyyy-mm-dd". */
export function calendarDateText(date: Date | null | undefined): string | undefined {
  return date ? date.toISOString().slice(0, 10) : undefined;
}

/** "yyyy-mm-dd" → UTC midnight, how calendar dates are stored. */
export function calendarDateValue(isoDate: string | null | undefined): Date | null {
  return isoDate ? new Date(`${isoDate}T00:00:00.000Z`) : null;
}
