import { describe, expect, it } from "vitest";
import { ARRIVAL_RADIUS_M, isOnTheRoad, metresBetween, positionProblems, shouldSend, stopsReached, type Fix } from "#domain/maps/tracking.ts";

const NOW = new Date("2026-11-25T12:00:00Z");
const fix = (latitude: number, longitude: number, secondsAgo: number): Fix => ({ latitude, longitude, recordedAt: new Date(NOW.getTime() - secondsAgo * 1000) });
// A degree of latitude is about 111.2 km, so 0.001° ≈ 111 m.
const M = 1 / 111_195;

describe("when the phone sends a fix", () => {
  it.each([
    ["the first fix", null, fix(52, -1, 0), true],
    ["29 s later, 100 m on", fix(52, -1, 29), fix(52 + 100 * M, -1, 0), false],
    ["30 s later, standing still", fix(52, -1, 30), fix(52, -1, 0), true],
    ["10 s later, 510 m on", fix(52, -1, 10), fix(52 + 510 * M, -1, 0), true],
    ["10 s later, 490 m on", fix(52, -1, 10), fix(52 + 490 * M, -1, 0), false],
  ] as const)("%s: %s", (_, last, next, send) => {
    expect(shouldSend(last, next)).toBe(send);
  });
});

describe("which fixes the server takes", () => {
  it.each([
    ["a fix from now", fix(52, -1, 0), null, null],
    ["a fix 90 s ahead (phone clock drift)", fix(52, -1, -90), null, null],
    ["a fix 3 minutes ahead", fix(52, -1, -180), null, { recorded_at: "The position's time is in the future" }],
    ["a fix 25 hours old", fix(52, -1, 25 * 3600), null, { recorded_at: "That position is more than a day old" }],
    ["a fix before the last one", fix(52, -1, 60), fix(52, -1, 30), { recorded_at: "That position is older than the last one received" }],
    ["40 miles in an hour", fix(52 + 40 * 1609 * M, -1, 0), fix(52, -1, 3600), null],
    ["40 miles in 20 minutes (120 mph)", fix(52 + 40 * 1609 * M, -1, 0), fix(52, -1, 1200), { latitude: "That position is too far from the last one for the time between them" }],
    ["the same instant, 2 km away", fix(52 + 2000 * M, -1, 0), fix(52, -1, 0), { latitude: "That position is too far from the last one for the time between them" }],
    ["the same instant, 100 m away (GPS jitter)", fix(52 + 100 * M, -1, 0), fix(52, -1, 0), null],
  ] as const)("%s", (_, next, last, problems) => {
    expect(positionProblems(next, last, NOW)).toEqual(problems);
  });
});

describe("arriving at a stop", () => {
  const stop = (id: number, latitude: number | null, arrivedAt: Date | null = null) => ({ id, latitude, longitude: latitude === null ? null : -1, arrivedAt });

  it.each([
    ["at the stop", 0, [1]],
    ["just inside the radius", (ARRIVAL_RADIUS_M - 5) * M, [1]],
    ["just outside the radius", (ARRIVAL_RADIUS_M + 5) * M, []],
  ] as const)("%s", (_, offset, reached) => {
    expect(stopsReached([stop(1, 52)], [52 + offset, -1]).map((s) => s.id)).toEqual(reached);
  });

  it("counts a stop once, and never one without a position", () => {
    expect(stopsReached([stop(1, 52, NOW), stop(2, null), stop(3, 52)], [52, -1]).map((s) => s.id)).toEqual([3]);
  });

  it("measures in metres along the Earth's surface", () => {
    expect(metresBetween([52, -1], [52 + 1000 * M, -1])).toBeCloseTo(1000, 0);
  });
});

describe("a load on the road", () => {
  it.each([
    ["unassigned", false],
    ["assigned", false],
    ["driver_assigned", true],
    ["collected", true],
    ["delivered", false],
    ["cancelled", false],
  ])("%s: %s", (status, onTheRoad) => {
    expect(isOnTheRoad(status)).toBe(onTheRoad);
  });
});
