import { describe, expect, it } from "vitest";
import {
  DEFAULT_FREE_WAITING_MINUTES, chargeableMinutes, formatMinutes, freeWaitingMinutesOf, waitingChargePence,
} from "#domain/extra-charges/waiting.ts";

// Waiting time is charged beyond the job's free time, pro rata per minute at the hourly rate, in
// one integer division rounded to the nearest penny (a half penny up).

describe("the waiting charge", () => {
  it.each([
    // waited, free, £/hour (pence), charged minutes, pence
    { waited: 150, free: 120, rate: 4_500, minutes: 30, pence: 2_250 }, // half an hour at £45
    { waited: 180, free: 120, rate: 4_500, minutes: 60, pence: 4_500 }, // a whole hour
    { waited: 120, free: 120, rate: 4_500, minutes: 0, pence: 0 }, // all of it free
    { waited: 60, free: 120, rate: 4_500, minutes: 0, pence: 0 }, // shorter than the free time: never negative
    { waited: 121, free: 120, rate: 4_500, minutes: 1, pence: 75 }, // one minute = 4500 / 60 exactly
    { waited: 121, free: 120, rate: 4_510, minutes: 1, pence: 75 }, // 75.17p → 75p
    { waited: 121, free: 120, rate: 4_530, minutes: 1, pence: 76 }, // 75.5p: the half penny up
    { waited: 121, free: 120, rate: 4_529, minutes: 1, pence: 75 }, // 75.48p → 75p
    { waited: 137, free: 120, rate: 3_999, minutes: 17, pence: 1_133 }, // 1133.05p → 1133p
    { waited: 90, free: 0, rate: 6_000, minutes: 90, pence: 9_000 }, // no free time at all
    { waited: 1_440, free: 120, rate: 100_000, minutes: 1_320, pence: 2_200_000 }, // the longest wait at the highest rate
    { waited: 200, free: 120, rate: 6_000, minutes: 80, pence: 8_000 },
  ])("$waited minutes with $free free at $rate p/hour → $minutes charged, $pence p", ({ waited, free, rate, minutes, pence }) => {
    expect(chargeableMinutes(waited, free)).toBe(minutes);
    expect(waitingChargePence({ waitedMinutes: waited, freeMinutes: free, ratePencePerHour: rate })).toBe(pence);
  });

  it.each([
    { waitedMinutes: 150.5, freeMinutes: 120, ratePencePerHour: 4_500 },
    { waitedMinutes: -1, freeMinutes: 120, ratePencePerHour: 4_500 },
    { waitedMinutes: 150, freeMinutes: 120, ratePencePerHour: 45.5 },
    { waitedMinutes: 150, freeMinutes: Number.NaN, ratePencePerHour: 4_500 },
  ])("refuses %j: a programming mistake, not a typed value", (charge) => {
    expect(() => waitingChargePence(charge)).toThrow(RangeError);
  });
});

describe("the job's free time", () => {
  it.each([
    { freeWaitingMinutes: null, free: DEFAULT_FREE_WAITING_MINUTES },
    { freeWaitingMinutes: 90, free: 90 },
    { freeWaitingMinutes: 0, free: 0 },
  ])("$freeWaitingMinutes → $free", ({ freeWaitingMinutes, free }) => {
    expect(freeWaitingMinutesOf({ freeWaitingMinutes })).toBe(free);
  });

  it("is 2 hours when the job does not say", () => {
    expect(DEFAULT_FREE_WAITING_MINUTES).toBe(120);
  });
});

describe("minutes in words", () => {
  it.each([
    [0, "0 minutes"], [1, "1 minute"], [45, "45 minutes"], [60, "1 hour"], [61, "1 hour 1 minute"],
    [90, "1 hour 30 minutes"], [120, "2 hours"], [150, "2 hours 30 minutes"], [1_440, "24 hours"],
  ])("%i → %s", (minutes, words) => {
    expect(formatMinutes(minutes)).toBe(words);
  });
});
