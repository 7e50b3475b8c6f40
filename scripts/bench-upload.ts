// A 1 GiB upload through the direct-upload PUT, against hashing the same bytes with Node's MD5 alone.
//
//   npx tsx scripts/bench-upload.ts [MiB, default 1024] [--profile]
//
// Starts the app in production mode as its own process on a throwaway database, signs in through the
// real form, announces a document of that size and PUTs it in 1 MiB writes. Prints MiB/s for the
// upload and for MD5 alone (ratio goal ≥ 0.75) and the server's resident memory before, at its peak
// while receiving, and after (growth goal ≤ 64 MiB). Stops everything by itself.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startProcess } from "./lib/process.ts";
import { PROXIED, signInThroughForm } from "./lib/sign-in.ts";

const MIB = 1024 * 1024;
const SIZE_MIB = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 1024);
const chunk = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(MIB - 9)]);
const later = randomBytes(MIB);
const pieces = (i: number) => (i === 0 ? chunk : later);

// ── MD5 alone ────────────────────────────────────────────────────────────────────────────────
let started = performance.now();
const md5 = createHash("md5");
for (let i = 0; i < SIZE_MIB; i++) md5.update(pieces(i));
const checksum = md5.digest("base64");
const md5Seconds = (performance.now() - started) / 1000;

// ── The app in its own process ───────────────────────────────────────────────────────────────
const dir = mkdtempSync(path.join(tmpdir(), "bench-upload-"));
const env = {
  NODE_ENV: "production",
  APP_ORIGIN: "http://127.0.0.1",
  DATABASE_URL: `file:${path.join(dir, "bench.sqlite3")}`,
  SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
  UPLOAD_DOCUMENT_MAX_MB: String(SIZE_MIB + 1),
  PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "info",
};
const PROFILE = process.argv.includes("--profile") ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve("bench-profile")}`] : [];
const { child: app, port } = await startProcess([...PROFILE, "--import", "tsx", "src/main.ts"], env);
const base = `http://127.0.0.1:${port}`;
const rssMiB = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${app.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

try {
  const { cookie, csrf } = await signInThroughForm(base, "shipper@example.com");
  const announced = await fetch(`${base}/api/v1/direct_uploads?use=document`, {
    method: "POST",
    headers: { ...PROXIED, cookie, "content-type": "application/json", accept: "application/json", "x-csrf-token": csrf },
    body: JSON.stringify({ blob: { filename: "big.pdf", content_type: "application/pdf", byte_size: SIZE_MIB * MIB, checksum } }),
  });
  if (announced.status !== 200) throw new Error(`announce answered ${announced.status}: ${await announced.text()}`);
  const blob = (await announced.json()) as { direct_upload: { url: string; headers: Record<string, string> } };

  const before = rssMiB();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB())), 50);
  started = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const request = http.request(`${base}${blob.direct_upload.url}`, { method: "PUT", headers: { ...blob.direct_upload.headers, "content-length": SIZE_MIB * MIB } }, (answer) => {
      answer.resume();
      answer.on("end", () => resolve(answer.statusCode ?? 0));
    });
    request.on("error", reject);
    let i = 0;
    const write = () => {
      while (i < SIZE_MIB) {
        const more = request.write(pieces(i++));
        if (!more) return request.once("drain", write);
      }
      request.end();
    };
    write();
  });
  const uploadSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = rssMiB();
  if (status !== 204) throw new Error(`PUT answered ${status}`);

  const md5Rate = SIZE_MIB / md5Seconds;
  const uploadRate = SIZE_MIB / uploadSeconds;
  console.log(`${SIZE_MIB} MiB: MD5 alone ${md5Rate.toFixed(0)} MiB/s; upload through the PUT ${uploadRate.toFixed(0)} MiB/s; ratio ${(uploadRate / md5Rate).toFixed(2)}`);
  console.log(`server RSS: ${before.toFixed(0)} MiB before, ${peak.toFixed(0)} MiB at the peak (growth ${(peak - before).toFixed(0)} MiB), ${after.toFixed(0)} MiB after`);
} finally {
  app.kill("SIGINT");
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dir, { recursive: true, force: true });
}
