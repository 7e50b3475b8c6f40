import { describe, expect, it } from "vitest";
import { toEpochMs } from "#domain/time/instant.ts";

const ms = Date.UTC(2025, 0, 6, 9, 30);

describe("toEpochMs", () => {
  it.each([
    { value: new Date(ms), out: ms },
    { value: ms, out: ms },
    { value: new Date(ms).toISOString(), out: ms },
    { value: String(ms), out: ms, why: "epoch ms from a data attribute" },
    { value: ` ${ms} `, out: ms },
  ])("$value → $out", ({ value, out }) => {
    expect(toEpochMs(value)).toBe(out);
  });

  it.each([null, undefined, "", "not a date", new Date(Number.NaN)])("%s → NaN", (value) => {
    expect(toEpochMs(value)).toBeNaN();
  });
});
