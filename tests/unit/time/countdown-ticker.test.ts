import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { correctedClock, startCountdown } from "../../../controllers/lib/countdown-ticker.ts";
import { formatRemaining, type Remaining } from "#domain/time/countdown.ts";

const START = Date.UTC(2027, 2, 3, 9, 0, 0, 200);

beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

function record(target: number, offset = 0) {
  const ticks: { at: number; text: string }[] = [];
  const ended: number[] = [];
  const stop = startCountdown(
    target,
    { onTick: (r: Remaining) => ticks.push({ at: Date.now() - START, text: formatRemaining(r) }), onEnded: () => ended.push(Date.now() - START) },
    correctedClock(offset),
  );
  return { ticks, ended, stop };
}

describe("startCountdown", () => {
  it("ticks at once, then on each second boundary of the remaining time, and ends exactly once", () => {
    const { ticks, ended } = record(START + 3_500);
    vi.advanceTimersByTime(10_000);
    expect(ticks).toEqual([
      { at: 0, text: "00:00:04" },
      { at: 500, text: "00:00:03" },
      { at: 1_500, text: "00:00:02" },
      { at: 2_500, text: "00:00:01" },
      { at: 3_500, text: "00:00:00" },
    ]);
    expect(ended).toEqual([3_500]);
  });

  it("fires 'ended' about 0.5 s after load when the time has already passed", () => {
    const { ticks, ended } = record(START - 60_000);
    vi.advanceTimersByTime(499);
    expect(ticks).toEqual([]);
    expect(ended).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ticks).toEqual([{ at: 500, text: "00:00:00" }]);
    expect(ended).toEqual([500]);
    vi.advanceTimersByTime(5_000);
    expect(ended).toHaveLength(1);
  });

  it("counts by the server-corrected clock", () => {
    const { ticks, ended } = record(START + 5_000, 4_000);
    expect(ticks[0]?.text).toBe("00:00:01");
    vi.advanceTimersByTime(1_000);
    expect(ended).toEqual([1_000]);
  });

  it("does nothing more once stopped", () => {
    const { ticks, ended, stop } = record(START + 2_000);
    vi.advanceTimersByTime(1_000);
    stop();
    vi.advanceTimersByTime(5_000);
    expect(ticks).toHaveLength(2);
    expect(ended).toEqual([]);
  });

  it("treats an unreadable date as already past", () => {
    const { ended } = record(Number.NaN);
    vi.advanceTimersByTime(500);
    expect(ended).toEqual([500]);
  });
});
