// Times allocate() on 10,000 quotes (median of several runs): `npx tsx scripts/bench-allocation.ts`.
import { allocate, type QuoteForAllocation } from "#domain/bidding/allocation.ts";

const QUOTES = 10_000;
const RUNS = 15;
const WARMUP = 5;

function randomQuotes(count: number): QuoteForAllocation[] {
  const start = Date.UTC(2025, 0, 1);
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    accountId: i + 1,
    valueCents: 50_000 + Math.floor(Math.random() * 2_000) * 100,
    numberOfLoads: 1 + Math.floor(Math.random() * 50),
    // Mixed forms, as they reach the island (ISO text) and the server (Date).
    updatedAt: i % 2 === 0 ? new Date(start + i * 1_000) : new Date(start + i * 1_000).toISOString(),
  }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? (sorted[mid - 1]! + sorted[mid]!) / 2 : sorted[mid]!;
}

function time(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

const quotes = randomQuotes(QUOTES);
const rules = { firstBidPercentage: 50, secondBidPercentage: 30, thirdBidPercentage: 20 };
const live = { currentAccountId: 42, liveInput: { valueCents: 60_000, numberOfLoads: 10 } };
const keystroke = () => allocate(quotes, 100, rules, live);

for (let i = 0; i < WARMUP; i++) keystroke();
const cold = time(() => allocate(randomQuotes(QUOTES), 100, rules, live));
const samples = Array.from({ length: RUNS }, () => time(keystroke));

console.log(`allocate() with ${QUOTES.toLocaleString("en-GB")} quotes: median ${median(samples).toFixed(2)} ms over ${RUNS} runs ` +
  `(min ${Math.min(...samples).toFixed(2)}, max ${Math.max(...samples).toFixed(2)}; fresh data incl. generation ${cold.toFixed(2)} ms)`);
