import { count, formatNumber } from "#domain/format/count.ts";

/**
 * The hint beside the bid form's loads box: "Up to 12 loads", "3 of 12 loads", or the server's own
 * refusal when the number is more than the job has.
 */
export function loadsCountText(loads: number, expected: number): { text: string; tooMany: boolean } {
  const most = Math.max(0, Math.floor(expected));
  if (loads > most) return { text: `This job has ${count(most, "load")}; bid for that many or fewer`, tooMany: true };
  if (loads <= 0) return { text: `Up to ${count(most, "load")}`, tooMany: false };
  return { text: `${formatNumber(loads)} of ${count(most, "load")}`, tooMany: false };
}
