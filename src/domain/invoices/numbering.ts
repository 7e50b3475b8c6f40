// Invoice numbers. A VAT invoice needs "a sequential number based on one or more series which
// uniquely identifies the document" (VAT Regulations 1995, reg. 14(1)(a); VAT Notice 700 §16.3).
// Each issuer keeps its series: invoices "INV-000042", credit notes "CN-000007", and the invoices
// we self-bill for one carrier "SB<carrierId>-000003" (that carrier's own series, VAT Notice 700/62).
// Numbers are allocated without gaps: the next is always the last + 1, and a spoilt or cancelled
// invoice keeps its number (it is cancelled by a credit note, never deleted). The database takes
// the next number inside the issuing transaction; this file only writes and reads the text.

/** The sequence is zero-padded to this many digits; a longer sequence is written in full. */
export const SEQUENCE_DIGITS = 6;

export type InvoiceSeries = { kind: "invoice" } | { kind: "credit_note" } | { kind: "self_billed"; carrierId: number };

export type InvoiceNumber = { series: InvoiceSeries; sequence: number };

const INVOICE_PREFIX = "INV";
const CREDIT_NOTE_PREFIX = "CN";
const SELF_BILLED_PREFIX = "SB";
const NUMBER_TEXT = /^([A-Z]+)([1-9]\d*)?-(\d+)$/;

export function seriesPrefix(series: InvoiceSeries): string {
  if (series.kind === "invoice") return INVOICE_PREFIX;
  if (series.kind === "credit_note") return CREDIT_NOTE_PREFIX;
  if (!Number.isSafeInteger(series.carrierId) || series.carrierId < 1) throw new RangeError(`not a carrier id: ${series.carrierId}`);
  return `${SELF_BILLED_PREFIX}${series.carrierId}`;
}

/** (invoice series, 42) → "INV-000042". */
export function formatInvoiceNumber(series: InvoiceSeries, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`a sequence starts at 1, not ${sequence}`);
  return `${seriesPrefix(series)}-${String(sequence).padStart(SEQUENCE_DIGITS, "0")}`;
}

function seriesFor(letters: string, carrierDigits: string | undefined): InvoiceSeries | null {
  if (letters === SELF_BILLED_PREFIX && carrierDigits) return { kind: "self_billed", carrierId: Number(carrierDigits) };
  if (carrierDigits) return null;
  if (letters === INVOICE_PREFIX) return { kind: "invoice" };
  return letters === CREDIT_NOTE_PREFIX ? { kind: "credit_note" } : null;
}

/** "INV-000042" → its series and 42; null for anything this file would not have written. */
export function parseInvoiceNumber(text: string): InvoiceNumber | null {
  const match = NUMBER_TEXT.exec(text.trim());
  if (!match?.[1] || !match[3]) return null;
  const series = seriesFor(match[1], match[2]);
  const sequence = Number(match[3]);
  if (!series || !Number.isSafeInteger(sequence) || sequence < 1) return null;
  return formatInvoiceNumber(series, sequence) === text.trim() ? { series, sequence } : null;
}

function sameSeries(a: InvoiceSeries, b: InvoiceSeries): boolean {
  return seriesPrefix(a) === seriesPrefix(b);
}

/** The number after `last` in `series` ("INV-000041" → "INV-000042"), or the first when there is none. */
export function nextNumber(series: InvoiceSeries, last: string | null): string {
  if (last === null) return formatInvoiceNumber(series, 1);
  const parsed = parseInvoiceNumber(last);
  if (!parsed || !sameSeries(parsed.series, series)) throw new RangeError(`${last} is not a number in the ${seriesPrefix(series)} series`);
  return formatInvoiceNumber(series, parsed.sequence + 1);
}

/** The sequences missing from 1 … the highest: [] when a series has no gaps (a check for audits). */
export function missingSequences(sequences: readonly number[]): number[] {
  const present = new Set(sequences);
  const highest = Math.max(0, ...sequences);
  const missing: number[] = [];
  for (let sequence = 1; sequence <= highest; sequence += 1) if (!present.has(sequence)) missing.push(sequence);
  return missing;
}

/** A draft has no number yet (it takes the next one when sent): shown and filed as "Draft". */
export const DRAFT_NUMBER_TEXT = "Draft";
export const shownNumber = (number: string | null): string => number ?? DRAFT_NUMBER_TEXT;
