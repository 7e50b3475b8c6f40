// Integer arithmetic for money: amounts are whole pence and rates whole basis points (1 bp = 0.01%),
// so a share of an amount is a division of whole numbers. The divisions run on BigInt so that no
// product (pence × basis points × days can pass 2^53) is ever a float; each says how it rounds.

/** Refuses anything that is not a whole number a JavaScript number holds exactly. */
export function assertWhole(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number, not ${value}`);
}

/** Refuses a negative or fractional amount. */
export function assertNonNegativeWhole(value: number, name: string): void {
  assertWhole(value, name);
  if (value < 0) throw new RangeError(`${name} cannot be negative, not ${value}`);
}

function toNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`${value} is too large to hold exactly`);
  return result;
}

/**
 * numerator ÷ denominator to the nearest whole number, a half rounded away from zero
 * (2.5 → 3, −2.5 → −3), so a negative line mirrors its positive twin exactly.
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): number {
  if (denominator <= 0n) throw new RangeError("the denominator must be positive");
  const sign = numerator < 0n ? -1n : 1n;
  const magnitude = numerator * sign;
  return toNumber(sign * ((magnitude * 2n + denominator) / (denominator * 2n)));
}

/** numerator ÷ denominator rounded down (towards zero) for a non-negative numerator. */
export function divideDown(numerator: bigint, denominator: bigint): number {
  if (denominator <= 0n || numerator < 0n) throw new RangeError("divideDown takes a non-negative numerator and a positive denominator");
  return toNumber(numerator / denominator);
}

/**
 * Pence as pounds with exactly two decimals, by integer division (never a float): 123456 → "1234.56",
 * 5 → "0.05", −500 → "-5.00". No "£" and no thousands commas: what a spreadsheet or Xero reads.
 */
export function poundsText(pence: number): string {
  assertWhole(pence, "pence");
  const magnitude = Math.abs(pence);
  const rest = magnitude % 100;
  const pounds = (magnitude - rest) / 100; // an exact multiple of 100, so an exact whole quotient
  return `${pence < 0 ? "-" : ""}${pounds}.${String(rest).padStart(2, "0")}`;
}
