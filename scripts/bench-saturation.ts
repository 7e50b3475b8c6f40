// What 50 connections asking as fast as they can do to an Express server, whatever it serves.
//
//   npx tsx scripts/bench-saturation.ts [seconds per run, default 6]
//
// Starts bare Express servers (no session, database or templates) that each spend a fixed amount of
// CPU on every request, from none to 4 ms, before sending the same 20 KB page, and drives each with
// autocannon at 50 connections, as bench-pages.ts drives the app. Prints req/s, p50 and p99 and the
// ratio to the server that spends nothing: bench-pages' "bare Express". It is the yardstick for bench-pages' figures: how fast a page could be answered at all on
// this machine if rendering it cost only that much CPU, and how long its slowest answers would wait
// once the server is saturated (the 50 connections queue, and Node does not serve them in turn).
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { stopProcess } from "./lib/process.ts";

const SECONDS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 6);
const WORK_MS = [0, 0.1, 0.25, 0.4, 0.5, 1, 1.5, 2, 4];

const SERVER = `
  const express = require("express");
  const workMs = Number(process.argv[1]);
  const body = "<!doctype html><p>" + "x".repeat(20_000);
  const app = express();
  app.use((req, res) => {
    const until = performance.now() + workMs;
    while (performance.now() < until);
    res.type("html").send(body);
  });
  const server = app.listen(0, "127.0.0.1", () => console.log("listening on " + server.address().port));
`;

async function started(workMs: number) {
  const child = spawn(process.execPath, ["-e", SERVER, String(workMs)], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      const match = /listening on (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
  return { child, port };
}

let baseline = 0;
for (const workMs of WORK_MS) {
  const { child, port } = await started(workMs);
  try {
    const result = await autocannon({ url: `http://127.0.0.1:${port}/`, connections: 50, duration: SECONDS });
    const rps = result.requests.average;
    if (workMs === 0) baseline = rps;
    console.log(
      `${`${workMs} ms of work`.padEnd(16)} ${rps.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(5)} ms  ` +
        `p99 ${String(result.latency.p99).padStart(5)} ms  errors ${result.errors + result.non2xx}  ratio ${(rps / baseline).toFixed(2)}`,
    );
  } finally {
    await stopProcess(child);
  }
}
console.log(`\n50 connections, ${SECONDS} s a run, a 20 KB page, one machine`);
