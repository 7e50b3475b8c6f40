import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { md5Hasher } from "#lib/md5-hasher.server.ts";

// The upload's MD5 is worked out on a worker thread through a reused ring of shared memory; what it
// answers must be exactly Node's MD5 of the same bytes, whatever the sizes of the pieces.

async function bothDigests(sizes: number[]) {
  const hasher = md5Hasher();
  const reference = createHash("md5");
  for (const size of sizes) {
    const chunk = randomBytes(size);
    reference.update(chunk);
    await hasher.update(chunk);
  }
  return { ring: await hasher.digest(), node: reference.digest("base64") };
}

describe("md5Hasher", () => {
  it.each([
    { case: "nothing", sizes: [] },
    { case: "one small chunk", sizes: [10] },
    { case: "socket-sized reads that wrap the 4 MiB ring many times", sizes: Array.from({ length: 300 }, (_, i) => 65_536 - (i % 5) * 997) },
    { case: "chunks larger than a piece and than a batch", sizes: [300_000, 1_048_576, 3, 2_500_000, 700_001] },
    { case: "a chunk ending exactly at the ring's end", sizes: [1_048_576, 1_048_576, 1_048_576, 1_048_576, 65_536] },
  ])("matches Node's MD5: $case", async ({ sizes }) => {
    const { ring, node } = await bothDigests(sizes);
    expect(ring).toBe(node);
  });

  it("keeps uploads apart when several hash at once", async () => {
    const results = await Promise.all([bothDigests([70_000, 5_000_000]), bothDigests([1, 2, 3]), bothDigests([4_200_000])]);
    for (const { ring, node } of results) expect(ring).toBe(node);
  });
});
