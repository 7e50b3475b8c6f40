import { describe, expect, it } from "vitest";
import {
  SEQUENCE_DIGITS, formatInvoiceNumber, missingSequences, nextNumber, parseInvoiceNumber, type InvoiceSeries,
} from "#domain/invoices/numbering.ts";

const INVOICE: InvoiceSeries = { kind: "invoice" };
const CREDIT_NOTE: InvoiceSeries = { kind: "credit_note" };
const selfBilled = (carrierId: number): InvoiceSeries => ({ kind: "self_billed", carrierId });

describe("formatInvoiceNumber: a prefix from the series and a zero-padded sequence", () => {
  it.each([
    { series: INVOICE, sequence: 1, text: "INV-000001" },
    { series: INVOICE, sequence: 42, text: "INV-000042" },
    { series: CREDIT_NOTE, sequence: 7, text: "CN-000007" },
    { series: selfBilled(15), sequence: 3, text: "SB15-000003" },
    { series: selfBilled(1), sequence: 120, text: "SB1-000120" },
    { series: INVOICE, sequence: 999_999, text: "INV-999999" },
    { series: INVOICE, sequence: 1_000_000, text: "INV-1000000" }, // a longer sequence is written in full
  ])("$text", ({ series, sequence, text }) => {
    expect(formatInvoiceNumber(series, sequence)).toBe(text);
    expect(SEQUENCE_DIGITS).toBe(6);
  });

  it.each([
    { series: INVOICE, sequence: 0 },
    { series: INVOICE, sequence: -1 },
    { series: INVOICE, sequence: 1.5 },
    { series: selfBilled(0), sequence: 1 },
    { series: selfBilled(2.5), sequence: 1 },
  ])("refuses $series.kind $sequence", ({ series, sequence }) => {
    expect(() => formatInvoiceNumber(series, sequence)).toThrow(RangeError);
  });
});

describe("parseInvoiceNumber: only what formatInvoiceNumber writes", () => {
  it.each([
    { text: "INV-000042", parsed: { series: INVOICE, sequence: 42 } },
    { text: " INV-000042 ", parsed: { series: INVOICE, sequence: 42 } },
    { text: "CN-000007", parsed: { series: CREDIT_NOTE, sequence: 7 } },
    { text: "SB15-000003", parsed: { series: selfBilled(15), sequence: 3 } },
    { text: "INV-1000000", parsed: { series: INVOICE, sequence: 1_000_000 } },
    { text: "INV-42", parsed: null }, // not padded
    { text: "INV-0000042", parsed: null }, // padded too far
    { text: "INV-000000", parsed: null }, // sequences start at 1
    { text: "inv-000042", parsed: null },
    { text: "INV000042", parsed: null },
    { text: "XX-000001", parsed: null },
    { text: "SB-000001", parsed: null }, // self-billed without a carrier
    { text: "SB0-000001", parsed: null },
    { text: "SB015-000001", parsed: null },
    { text: "INV1-000001", parsed: null },
    { text: "CN2-000001", parsed: null },
    { text: "INV--000001", parsed: null },
    { text: "", parsed: null },
  ])("$text → $parsed", ({ text, parsed }) => {
    expect(parseInvoiceNumber(text)).toEqual(parsed);
  });
});

describe("nextNumber: the last + 1 in the same series, so numbers run without gaps", () => {
  it.each([
    { series: INVOICE, last: null, next: "INV-000001" },
    { series: INVOICE, last: "INV-000041", next: "INV-000042" },
    { series: INVOICE, last: "INV-999999", next: "INV-1000000" },
    { series: CREDIT_NOTE, last: null, next: "CN-000001" },
    { series: CREDIT_NOTE, last: "CN-000006", next: "CN-000007" },
    { series: selfBilled(15), last: null, next: "SB15-000001" },
    { series: selfBilled(15), last: "SB15-000002", next: "SB15-000003" },
  ])("after $last → $next", ({ series, last, next }) => {
    expect(nextNumber(series, last)).toBe(next);
  });

  it.each([
    { series: INVOICE, last: "CN-000001" }, // another series
    { series: selfBilled(15), last: "SB16-000002" }, // another carrier's series
    { series: selfBilled(15), last: "INV-000002" },
    { series: INVOICE, last: "junk" },
  ])("refuses to follow $last in $series.kind", ({ series, last }) => {
    expect(() => nextNumber(series, last)).toThrow(RangeError);
  });
});

describe("missingSequences: the gaps in a series", () => {
  it.each([
    { sequences: [], missing: [] },
    { sequences: [1, 2, 3], missing: [] },
    { sequences: [3, 1, 2], missing: [] },
    { sequences: [1, 1, 2], missing: [] },
    { sequences: [1, 3], missing: [2] },
    { sequences: [2], missing: [1] },
    { sequences: [1, 2, 6], missing: [3, 4, 5] },
  ])("$sequences → missing $missing", ({ sequences, missing }) => {
    expect(missingSequences(sequences)).toEqual(missing);
  });
});
