import { describe, expect, it } from "vitest";
import { COUNTDOWN_REFRESH_MS, ENDED_CHECK_DELAY_MS, formatRemaining, msUntilNextSecond, remaining } from "#domain/time/countdown.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = Date.UTC(2025, 5, 1, 12, 0, 0);

describe("remaining", () => {
  it.each([
    { left: 2 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND, parts: [2, 3, 4, 5], text: "2d 03:04:05" },
    { left: 3 * HOUR + 4 * MINUTE + 5 * SECOND, parts: [0, 3, 4, 5], text: "03:04:05" },
    { left: 59 * SECOND, parts: [0, 0, 0, 59], text: "00:00:59" },
    { left: 4 * SECOND + 1, parts: [0, 0, 0, 5], text: "00:00:05", why: "a part-second counts as a whole one" },
    { left: 1, parts: [0, 0, 0, 1], text: "00:00:01", why: "never shows zero while time is left" },
    { left: DAY - 1, parts: [1, 0, 0, 0], text: "1d 00:00:00", why: "rounding up carries into the day" },
    { left: 12 * DAY, parts: [12, 0, 0, 0], text: "12d 00:00:00" },
  ])("$left ms → $text", ({ left, parts, text }) => {
    const r = remaining(now + left, now);
    expect([r.days, r.hours, r.minutes, r.seconds]).toEqual(parts);
    expect(r.totalMs).toBe(left);
    expect(r.ended).toBe(false);
    expect(formatRemaining(r)).toBe(text);
  });

  it.each([
    { target: now, why: "exactly at the target" },
    { target: now - 5 * SECOND, why: "past the target" },
    { target: Number.NaN, why: "an unreadable target" },
  ])("has ended $why", ({ target }) => {
    const r = remaining(target, now);
    expect(r).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0, ended: true });
    expect(formatRemaining(r)).toBe("00:00:00");
  });
});

describe("msUntilNextSecond", () => {
  it.each([
    { now: now, delay: 1000 },
    { now: now + 1, delay: 999 },
    { now: now + 250, delay: 750 },
    { now: now + 999, delay: 1 },
    { now: -250, delay: 250, why: "before 1970 still aligns" },
  ])("on the wall clock at +$now ms → $delay ms", ({ now: at, delay }) => {
    expect(msUntilNextSecond(at)).toBe(delay);
  });

  it.each([
    { target: now + 10_000, at: now + 250, delay: 750 },
    { target: now + 10_400, at: now, delay: 400, why: "target with milliseconds" },
    { target: now + 10_400, at: now + 400, delay: 1000 },
    { target: now - 300, at: now, delay: 700, why: "past target keeps its phase" },
    { target: Number.NaN, at: now + 250, delay: 750, why: "no usable target: wall clock" },
  ])("towards a target, from $at → $delay ms", ({ target, at, delay }) => {
    expect(msUntilNextSecond(at, target)).toBe(delay);
  });

  it("lands where the countdown display changes", () => {
    const target = now + 10_400;
    const tick = now + 123;
    const next = tick + msUntilNextSecond(tick, target);
    expect(remaining(target, next - 1).seconds).toBe(11);
    expect(remaining(target, next).seconds).toBe(10);
  });
});

describe("countdown constants", () => {
  it("refreshes every second and re-checks an already-past date after half a second", () => {
    expect(COUNTDOWN_REFRESH_MS).toBe(1000);
    expect(ENDED_CHECK_DELAY_MS).toBe(500);
  });
});
