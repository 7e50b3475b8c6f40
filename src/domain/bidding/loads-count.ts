const loadsText = (n: number) => `${n.toLocaleString("en-GB")} ${n === 1 ? "load" : "loads"}`;

/**
 * The hint beside the bid form's loads box: "Up to 12 loads", "3 of 12 loads", or the server's own
 * refusal when the number is more than the job has.
 */
export function loadsCountText(loads: number, expected: number): { text: string; tooMany: boolean } {
  const most = Math.max(0, Math.floor(expected));
  if (loads > most) return { text: `This job has ${loadsText(most)}; bid for that many or fewer`, tooMany: true };
  if (loads <= 0) return { text: `Up to ${loadsText(most)}`, tooMany: false };
  return { text: `${loads.toLocaleString("en-GB")} of ${loadsText(most)}`, tooMany: false };
}
