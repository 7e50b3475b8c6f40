import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import request from "supertest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "#db/client.server.ts";
import { env } from "#lib/env.server.ts";
import { purgeUnattachedBlobs } from "#models/uploads.server.ts";
import { agent, csrfTokenFor, signedInAgent, testApp } from "../../support/app.ts";
import { createShipper } from "../../support/fixtures.ts";
import { announce, announcement, md5Base64, pdfBytes, pngBytes, type BlobAnswer } from "../../support/files.ts";

const storedPath = (key: string) => path.join(env().storageDir, key.slice(0, 2), key.slice(2, 4), key);
const blobOf = (answer: { body: unknown }) => answer.body as BlobAnswer & { id: number };
const put = (url: string, headers: Record<string, string>, bytes: Buffer) => request(testApp()).put(url).set(headers).send(bytes);

async function signedIn() {
  const shipper = await createShipper();
  return signedInAgent(shipper.email);
}

describe("POST /api/v1/direct_uploads then PUT (the ActiveStorage protocol)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("announces a file, takes its bytes with exactly the headers it gave, and keeps them", async () => {
    const { browser, csrf } = await signedIn();
    const bytes = pngBytes(70_000);
    const answer = await announce(browser, csrf, announcement(bytes, "dock.png"));
    expect(answer.status).toBe(200);
    const blob = blobOf(answer);
    expect(blob).toMatchObject({ filename: "dock.png", content_type: "image/png", byte_size: 70_000, checksum: md5Base64(bytes) });
    expect(blob.signed_id).toMatch(/^[\w-]{40,}$/);
    expect(blob.direct_upload.headers).toEqual({ "Content-Type": "image/png" });
    // No session and no CSRF token: the signed URL is the permission, as DirectUpload expects.
    expect((await put(blob.direct_upload.url, blob.direct_upload.headers, bytes)).status).toBe(204);
    const row = await db().fileBlob.findUniqueOrThrow({ where: { id: blob.id } });
    expect(row.storedAt).not.toBeNull();
    expect((await readFile(storedPath(row.key))).equals(bytes)).toBe(true);
  });

  it.each([
    ["an empty file", { byte_size: 0 }, "The file is empty"],
    ["a type the use does not take", { content_type: "image/svg+xml" }, "Choose a JPEG, PNG or WebP photo"],
    ["no type at all", { content_type: undefined }, "Choose a JPEG, PNG or WebP photo"],
    ["a photo over 25 MB", { byte_size: 25 * 1024 * 1024 + 1 }, "The file is larger than 25 MB"],
    ["a size no file record can hold", { byte_size: 2 ** 31 }, "Send blob: filename, content_type, byte_size and checksum"],
  ])("refuses %s with 422 and keeps nothing", async (_case, change, message) => {
    const { browser, csrf } = await signedIn();
    const before = await db().fileBlob.count();
    const body = announcement(pngBytes());
    const answer = await announce(browser, csrf, { blob: { ...body.blob, ...change } });
    expect([answer.status, answer.body.error]).toEqual([422, message]);
    expect(await db().fileBlob.count()).toBe(before);
  });

  it("takes a PDF as a document but not as a photo", async () => {
    const { browser, csrf } = await signedIn();
    const bytes = pdfBytes();
    expect((await announce(browser, csrf, announcement(bytes, "cmr.pdf", "application/pdf"), "document")).status).toBe(200);
    expect((await announce(browser, csrf, announcement(bytes, "cmr.pdf", "application/pdf"), "photo")).status).toBe(422);
  });

  it("answers 422 to a malformed announcement, 401 when signed out and 403 without the CSRF token", async () => {
    const { browser, csrf } = await signedIn();
    expect((await announce(browser, csrf, { blob: { filename: "x.png" } })).status).toBe(422);
    expect((await announce(browser, csrf, { blob: { ...announcement(pngBytes()).blob, checksum: "not-md5" } })).status).toBe(422);
    const stranger = agent();
    expect((await announce(stranger, await csrfTokenFor(stranger), announcement(pngBytes()))).status).toBe(401);
    expect((await browser.post("/api/v1/direct_uploads").set("Accept", "application/json").send(announcement(pngBytes()))).status).toBe(403);
  });

  it.each([
    ["../../etc/passwd.png", "passwd.png"],
    ["..\\..\\windows\\dock.png", "dock.png"],
    ["dock\u0000\u0007\nphoto.png", "dockphoto.png"],
    [`${"a".repeat(300)}.png`, `${"a".repeat(251)}.png`],
    ["...", "file"],
  ])("stores the name %j as %j", async (given, kept) => {
    const { browser, csrf } = await signedIn();
    const answer = await announce(browser, csrf, announcement(pngBytes(), given));
    expect([answer.status, blobOf(answer).filename]).toEqual([200, kept]);
  });

  describe("the PUT refuses and keeps nothing", () => {
    async function announced(bytes = pngBytes(5_000)) {
      const { browser, csrf } = await signedIn();
      const blob = blobOf(await announce(browser, csrf, announcement(bytes)));
      return { blob, bytes, row: () => db().fileBlob.findUniqueOrThrow({ where: { id: blob.id } }) };
    }
    const nothingKept = async (row: { storedAt: Date | null; key: string }) => {
      expect(row.storedAt).toBeNull();
      await expect(readFile(storedPath(row.key))).rejects.toThrow(/ENOENT/);
    };

    it("bytes whose MD5 differs from the announced checksum: 422", async () => {
      const { blob, bytes, row } = await announced();
      const other = Buffer.from(bytes);
      other[100] = (other[100]! + 1) % 256;
      const answer = await put(blob.direct_upload.url, blob.direct_upload.headers, other);
      expect([answer.status, answer.body.error]).toEqual([422, "The file's checksum does not match"]);
      await nothingKept(await row());
    });

    it.each([["shorter", -1], ["longer", 1]])("a body %s than announced: 422", async (_case, delta) => {
      const { blob, bytes, row } = await announced();
      const body = delta < 0 ? bytes.subarray(0, bytes.length - 1) : Buffer.concat([bytes, Buffer.from([0])]);
      const answer = await put(blob.direct_upload.url, blob.direct_upload.headers, body);
      expect([answer.status, answer.body.error]).toEqual([422, "The file is not the announced size"]);
      await nothingKept(await row());
    });

    it("a body that grows past the announced size without saying its length: 422", async () => {
      const { blob, bytes, row } = await announced();
      const server = testApp().listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const status = await new Promise<number>((resolve, reject) => {
          const sending = http.request({ host: "127.0.0.1", port, method: "PUT", path: blob.direct_upload.url, headers: blob.direct_upload.headers }, (answer) => {
            answer.resume();
            resolve(answer.statusCode ?? 0);
          });
          sending.on("error", reject);
          // Chunked: no Content-Length says how much is coming.
          sending.write(bytes);
          sending.end(bytes);
        });
        expect(status).toBe(422);
      } finally {
        server.close();
      }
      await nothingKept(await row());
    });

    it("another content type than announced: 422", async () => {
      const { blob, bytes, row } = await announced();
      const answer = await put(blob.direct_upload.url, { "Content-Type": "image/jpeg" }, bytes);
      expect([answer.status, answer.body.error]).toEqual([422, "Send the file as image/png"]);
      await nothingKept(await row());
    });

    it("bytes that are not what the name and type claim (HTML called a PNG): 422", async () => {
      const html = Buffer.from(`<html><script>alert(1)</script>${" ".repeat(500)}</html>`);
      const { blob, row } = await announced(html);
      const answer = await put(blob.direct_upload.url, blob.direct_upload.headers, html);
      expect([answer.status, answer.body.error]).toEqual([422, "The file is not image/png"]);
      await nothingKept(await row());
    });

    it("a tampered, expired or used URL: 404", async () => {
      const { blob, bytes } = await announced();
      const at = blob.direct_upload.url.length - 10;
      const url = blob.direct_upload.url;
      const tampered = url.slice(0, at) + (url[at] === "A" ? "B" : "A") + url.slice(at + 1);
      expect((await put(tampered, blob.direct_upload.headers, bytes)).status).toBe(404);
      expect((await put("/api/v1/direct_uploads/nonsense", blob.direct_upload.headers, bytes)).status).toBe(404);
      const now = Date.now();
      vi.spyOn(Date, "now").mockReturnValue(now + 10 * 60_000 + 1);
      expect((await put(blob.direct_upload.url, blob.direct_upload.headers, bytes)).status).toBe(404);
      vi.restoreAllMocks();
      expect((await put(blob.direct_upload.url, blob.direct_upload.headers, bytes)).status).toBe(204);
      expect((await put(blob.direct_upload.url, blob.direct_upload.headers, bytes)).status).toBe(404);
    });
  });

  it("purges files announced over a day ago and never attached, with their bytes", async () => {
    const { browser, csrf } = await signedIn();
    const bytes = pngBytes();
    const blob = blobOf(await announce(browser, csrf, announcement(bytes)));
    await put(blob.direct_upload.url, blob.direct_upload.headers, bytes).expect(204);
    const row = await db().fileBlob.findUniqueOrThrow({ where: { id: blob.id } });
    expect(await purgeUnattachedBlobs(Date.now() + 23 * 60 * 60_000)).toBe(0);
    expect(await purgeUnattachedBlobs(Date.now() + 24 * 60 * 60_000 + 1)).toBeGreaterThanOrEqual(1);
    expect(await db().fileBlob.findUnique({ where: { id: blob.id } })).toBeNull();
    await expect(readFile(storedPath(row.key))).rejects.toThrow(/ENOENT/);
  });
});
