import { describe, expect, it } from "vitest";
import { EXPANDABLE_MAX_HEIGHT_PX, SCROLL_RESIZE_DELAY_MS, TYPING_NOTICE_LIFETIME_MS, TYPING_THROTTLE_MS, shouldReportTyping } from "#domain/messaging/timing.ts";

describe("live layer timings", () => {
  it("throttle typing reports to one per 8 s, remove a typing notice after 10 s, re-scroll 100 ms after a resize and clamp long content at 256 px", () => {
    expect({ TYPING_THROTTLE_MS, TYPING_NOTICE_LIFETIME_MS, SCROLL_RESIZE_DELAY_MS, EXPANDABLE_MAX_HEIGHT_PX }).toEqual({
      TYPING_THROTTLE_MS: 8_000,
      TYPING_NOTICE_LIFETIME_MS: 10_000,
      SCROLL_RESIZE_DELAY_MS: 100,
      EXPANDABLE_MAX_HEIGHT_PX: 256,
    });
  });
});

describe("typing throttle: one report per box per 8 s", () => {
  it.each([
    ["never sent", null, 1_000, true],
    ["sent just now", 1_000, 1_000, false],
    ["sent 7.999 s ago", 1_000, 8_999, false],
    ["sent exactly 8 s ago", 1_000, 9_000, true],
    ["sent a minute ago", 1_000, 61_000, true],
  ] as const)("%s → %s", (_name, lastSentAt, now, expected) => {
    expect(shouldReportTyping(lastSentAt, now)).toBe(expected);
  });

  it("lets through one report per window however fast someone types", () => {
    let last: number | null = null;
    let sent = 0;
    for (let now = 0; now < 30_000; now += 150) {
      if (shouldReportTyping(last, now)) {
        last = now;
        sent++;
      }
    }
    expect(sent).toBe(4); // at 0, 8 100, 16 200 and 24 300 ms
  });
});
