import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { noteStatement } from "#db/table-versions.server.ts";
import { keptUntilWritten } from "#db/kept-until-written.server.ts";

/** A figure kept from the Job table whose work answers `values` in turn, each after `ms`. */
function figure(values: number[], ms: number, options: { slowMs?: number; maxAgeMs?: number } = {}) {
  const kept = keptUntilWritten<number>(["Job"], options);
  let calls = 0;
  const work = async () => {
    const value = values[calls++]!;
    await sleep(ms);
    return value;
  };
  return { read: (key = "k") => kept(key, work), calls: () => calls };
}

const jobWritten = () => noteStatement(`UPDATE "Job" SET "status" = 'open'`);

describe("a figure kept until its tables are written", () => {
  it("is worked out once for viewers arriving together, and kept until a job is written", async () => {
    const count = figure([7, 8], 5);
    expect(await Promise.all([count.read(), count.read(), count.read()])).toEqual([7, 7, 7]);
    expect(await count.read()).toBe(7);
    expect(count.calls()).toBe(1);
    noteStatement(`UPDATE "Quote" SET "status" = 'active'`);
    expect(await count.read()).toBe(7);
    jobWritten();
    expect(await count.read()).toBe(8);
    expect(count.calls()).toBe(2);
  });

  it("is worked out again once older than its longest keeping, though nothing was written", async () => {
    const score = figure([3, 4], 1, { maxAgeMs: 30 });
    expect(await score.read()).toBe(3);
    expect(await score.read()).toBe(3);
    await sleep(40);
    expect(await score.read()).toBe(4);
    expect(score.calls()).toBe(2);
  });

  it("is kept per key", async () => {
    const count = figure([1, 2], 1);
    expect([await count.read("a"), await count.read("b"), await count.read("a")]).toEqual([1, 2, 1]);
  });

  it("is worked out again after a failure", async () => {
    const kept = keptUntilWritten<number>(["Job"]);
    await expect(kept("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await kept("k", async () => 5)).toBe(5);
  });

  it("that is quick is waited for once out of date; one that is slow is shown old while a fresh one is worked out", async () => {
    const places = figure([1, 2, 3], 130);
    expect(await places.read()).toBe(1);
    jobWritten();
    const started = performance.now();
    expect(await places.read()).toBe(1);
    expect(performance.now() - started).toBeLessThan(100);
    expect(await places.read()).toBe(1);
    expect(places.calls()).toBe(2);
    await sleep(200);
    expect(await places.read()).toBe(2);
    expect(places.calls()).toBe(2);
  });

  it("that must never be shown old (a list someone just added to) is worked out again after a write, however slow", async () => {
    const drivers = figure([1, 2], 130, { slowMs: Infinity });
    expect(await drivers.read()).toBe(1);
    jobWritten();
    expect(await drivers.read()).toBe(2);
    expect(drivers.calls()).toBe(2);
  });
});
