import { describe, expect, it } from "vitest";
import { CHART_BORDER_ALPHA, CHART_COLOURS, CHART_FILL_ALPHA, colourPair } from "#domain/charts/colours.ts";
import { formatChartNumber, poundsFromPence } from "#domain/charts/number-format.ts";

describe("colourPair", () => {
  it("has eight colours, filled at 0.3 and bordered at 1", () => {
    expect(CHART_COLOURS).toHaveLength(8);
    expect([CHART_FILL_ALPHA, CHART_BORDER_ALPHA]).toEqual([0.3, 1]);
  });

  it.each([
    { index: 0, fill: "rgba(54, 162, 235, 0.3)", border: "rgba(54, 162, 235, 1)" },
    { index: 1, fill: "rgba(255, 99, 132, 0.3)", border: "rgba(255, 99, 132, 1)" },
    { index: 7, fill: "rgba(201, 203, 207, 0.3)", border: "rgba(201, 203, 207, 1)" },
    { index: 8, fill: "rgba(54, 162, 235, 0.3)", border: "rgba(54, 162, 235, 1)" },
    { index: 17, fill: "rgba(255, 99, 132, 0.3)", border: "rgba(255, 99, 132, 1)" },
    { index: -1, fill: "rgba(201, 203, 207, 0.3)", border: "rgba(201, 203, 207, 1)" },
  ])("dataset $index: $fill / $border", ({ index, fill, border }) => {
    expect(colourPair(index)).toEqual({ fill, border });
  });

  it("gives the eight datasets eight different colours", () => {
    expect(new Set(Array.from({ length: 8 }, (_, i) => colourPair(i).border)).size).toBe(8);
  });
});

describe("formatChartNumber", () => {
  it.each([
    { value: 0, format: "number", text: "0" },
    { value: 1200, format: "number", text: "1,200" },
    { value: 1234567.891, format: "number", text: "1,234,567.891" },
    { value: 12.5, format: "number", text: "12.5" },
    { value: -3, format: "number", text: "-3" },
    { value: 1200, format: "currency", text: "£1,200" },
    { value: 450.5, format: "currency", text: "£450.5" },
    { value: 416.83, format: "currency", text: "£416.83" },
    { value: 0, format: "currency", text: "£0" },
    { value: -5, format: "currency", text: "-£5" },
  ] as const)("$value as $format → $text", ({ value, format, text }) => {
    expect(formatChartNumber(value, format)).toBe(text);
  });

  it("writes another currency when told", () => {
    expect(formatChartNumber(10, "currency", "EUR")).toBe("€10");
  });

  it.each([
    [123456, 1234.56],
    [45050, 450.5],
    [1, 0.01],
    [0, 0],
  ])("%i pence plot as £%d", (pence, pounds) => {
    expect(poundsFromPence(pence)).toBe(pounds);
  });
});
