import { HeadObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { parseEnv } from "#lib/env.server.ts";
import { createLogger } from "#lib/logger.server.ts";
import { purgeUnattachedBlobs } from "#models/uploads.server.ts";
import { createApp } from "#server/app.server.ts";
import { agent, signedInAgent, testApp, type Agent } from "../../support/app.ts";
import { announce, announcement, md5Base64, pngBytes, realPng, type BlobAnswer } from "../../support/files.ts";
import { messagingWorld } from "../../support/messaging-fixtures.ts";
import { startS3, useBucket } from "../../support/services.ts";

// Files in an S3-compatible bucket (a real s3rver): the browser PUTs to a presigned URL and is
// redirected to presigned GETs, and the server checks what arrived before a file is used. s3rver
// keeps whatever body a presigned PUT sends (real S3 refuses a wrong length or MD5 itself), so the
// server's own check is what the refusals below exercise.

const BUCKET = "loadline-files";
const STREAM = "text/vnd.turbo-stream.html";
type Signed = { browser: Agent; csrf: string };
type Blob = BlobAnswer & { id: number; byte_size: number };


let forgetBucket = () => {};
let s3: Awaited<ReturnType<typeof startS3>>;
let bucket: S3Client;
let world: Awaited<ReturnType<typeof messagingWorld>>;
let shipper: Signed, driver: Signed, outsider: Signed;

beforeAll(async () => {
  s3 = await startS3([BUCKET]);
  forgetBucket = useBucket(s3.endpoint, BUCKET);
  bucket = new S3Client({ region: "eu-west-2", endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
  world = await messagingWorld();
  shipper = await signedInAgent(world.shipper.email);
  driver = await signedInAgent(world.driver.email);
  outsider = await signedInAgent(world.outsider.email);
});
afterAll(async () => {
  forgetBucket();
  bucket?.destroy();
  await s3?.stop();
});

const blobOf = (answer: { body: unknown }) => answer.body as Blob;
const keyOf = async (blob: Blob) => (await db().fileBlob.findUniqueOrThrow({ where: { id: blob.id } })).key;

/** Announces a file as DirectUpload does; the answer names where to PUT it. */
async function announced(who: Signed, bytes: Buffer, filename = "dock.png", contentType = "image/png", use = "photo"): Promise<Blob> {
  const answer = await announce(who.browser, who.csrf, announcement(bytes, filename, contentType), use);
  expect(answer.status).toBe(200);
  return blobOf(answer);
}

/** The browser's PUT, straight to the bucket with exactly the headers it was given. */
const putToBucket = (blob: Blob, bytes: Buffer) => fetch(blob.direct_upload.url, { method: "PUT", headers: blob.direct_upload.headers, body: new Uint8Array(bytes) });

async function uploadedToBucket(who: Signed, bytes: Buffer, filename?: string, contentType?: string, use?: string): Promise<Blob> {
  const blob = await announced(who, bytes, filename, contentType, use);
  expect((await putToBucket(blob, bytes)).status).toBe(200);
  return blob;
}

const attachToLoad = (who: Signed, blob: Blob, accept = STREAM) =>
  who.browser.post(`/loads/${world.load.id}/attachments`).set({ "X-CSRF-Token": who.csrf, Accept: accept }).send({ blob_signed_id: blob.signed_id });
const attachmentIdIn = (html: string) => Number(/id="attachment_(\d+)"/.exec(html)?.[1]);

async function inBucket(key: string): Promise<boolean> {
  try {
    await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch (error) {
    if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
    throw error;
  }
}

describe("direct uploads to an S3 bucket (the ActiveStorage protocol)", () => {
  it("answers a presigned PUT to the bucket signing the type, MD5 and length for 5 minutes, with the headers DirectUpload must send", async () => {
    const bytes = pngBytes(3_000);
    const blob = await announced(driver, bytes);
    const url = new URL(blob.direct_upload.url);
    expect(url.origin + url.pathname).toBe(`${s3.endpoint}/${BUCKET}/${await keyOf(blob)}`);
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-md5;content-type;host");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("300");
    // Nothing but the announced MD5 may bind the body: a checksum of its own would refuse every real file.
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(blob.direct_upload.headers).toEqual({ "Content-Type": "image/png", "Content-MD5": md5Base64(bytes) });
  });

  it("takes the bytes in the bucket, checks them when the file is attached, and redirects downloads to a presigned GET with the file's name", async () => {
    const png = await realPng(1200, 900);
    const blob = await uploadedToBucket(driver, png, "Lieferschein – Müller.png");
    expect((await db().fileBlob.findUniqueOrThrow({ where: { id: blob.id } })).storedAt).toBeNull();

    const attached = await attachToLoad(driver, blob);
    expect([attached.status, attached.type]).toEqual([200, STREAM]);
    const row = await db().fileBlob.findUniqueOrThrow({ where: { id: blob.id } });
    expect([row.storedAt, row.width, row.height]).toEqual([expect.any(Date), 1200, 900]);

    const id = attachmentIdIn(attached.text);
    const inline = await shipper.browser.get(`/attachments/${id}`);
    expect([inline.status, inline.headers["cache-control"]]).toEqual([302, "private, max-age=240"]);
    expect(inline.headers.location).toMatch(new RegExp(`^${s3.endpoint}/${BUCKET}/${row.key}\\?.*X-Amz-Expires=300`));
    const file = await fetch(inline.headers.location!);
    expect([file.status, file.headers.get("content-type"), file.headers.get("cache-control")]).toEqual([200, "image/png", "private, max-age=3600"]);
    expect(file.headers.get("content-disposition")).toBe(`inline; filename="Lieferschein ? Muller.png"; filename*=UTF-8''Lieferschein%20%E2%80%93%20M%C3%BCller.png`);
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);

    const saved = await fetch((await shipper.browser.get(`/attachments/${id}?disposition=attachment`)).headers.location!);
    expect(saved.headers.get("content-disposition")).toMatch(/^attachment; filename="Lieferschein \? Muller.png"/);
  });

  it("makes the thumbnail in the bucket through the same storage and redirects to it", async () => {
    const attached = await attachToLoad(shipper, await uploadedToBucket(shipper, await realPng(1600, 1200)));
    const answer = await driver.browser.get(`/attachments/${attachmentIdIn(attached.text)}/thumbnail`);
    expect(answer.status).toBe(302);
    const thumbnail = await fetch(answer.headers.location!);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 480, height: 360 });
    expect(await inBucket(new URL(answer.headers.location!).pathname.split("/").pop()!)).toBe(true);
  });

  it("answers 404 without a redirect to anyone who cannot see the load, and to someone else's upload", async () => {
    const blob = await uploadedToBucket(driver, await realPng(40, 30));
    const id = attachmentIdIn((await attachToLoad(driver, blob)).text);
    for (const path of [`/attachments/${id}`, `/attachments/${id}/thumbnail`, `/attachments/${id}?disposition=attachment`]) {
      const answer = await outsider.browser.get(path);
      expect([answer.status, answer.headers.location]).toEqual([404, undefined]);
    }
    expect((await agent().get(`/attachments/${id}`)).headers.location).toBe("/login");
    const theirs = await uploadedToBucket(outsider, await realPng(20, 20));
    expect((await attachToLoad(driver, theirs)).status).toBe(404);
  });

  describe("a file that is not what was announced is refused when it is used, and nothing changes", () => {
    const html = Buffer.from(`<html><script>alert(1)</script>${" ".repeat(500)}</html>`);
    const changedByte = (bytes: Buffer) => Buffer.from(bytes.map((byte, i) => (i === 100 ? (byte + 1) % 256 : byte)));

    it.each([
      ["bytes whose MD5 differs from the announced checksum", pngBytes(5_000), changedByte, "The file's checksum does not match"],
      ["a shorter body", pngBytes(5_000), (bytes: Buffer) => bytes.subarray(0, bytes.length - 1), "The file is not the announced size"],
      ["a longer body", pngBytes(5_000), (bytes: Buffer) => Buffer.concat([bytes, Buffer.from([0])]), "The file is not the announced size"],
      ["HTML announced (with its own size and MD5) as a PNG", html, (bytes: Buffer) => bytes, "The file is not image/png"],
    ])("%s: 422, not attached, its bytes removed", async (_case, bytes, sent, message) => {
      const blob = await announced(driver, bytes);
      expect((await putToBucket(blob, sent(bytes))).status).toBe(200);
      const before = await db().attachment.count();
      const answer = await attachToLoad(driver, blob, "application/json");
      expect([answer.status, answer.body.error]).toEqual([422, message]);
      expect(await db().attachment.count()).toBe(before);
      expect((await db().fileBlob.findUniqueOrThrow({ where: { id: blob.id } })).storedAt).toBeNull();
      expect(await inBucket(await keyOf(blob))).toBe(false);
    });

    it("the same refusal when the upload widget adds it to a form, as it asks (a stream, or the reason as JSON)", async () => {
      const blob = await announced(driver, html);
      await putToBucket(blob, html);
      const answer = await driver.browser.get(`/file_attachments/${blob.signed_id}?list_id=proof_photos`).set("Accept", `${STREAM}, application/json`);
      expect([answer.status, answer.body.error]).toEqual([422, "The file is not image/png"]);
    });

    it("a file announced but never sent: 404, as for a file that does not exist", async () => {
      const blob = await announced(driver, pngBytes());
      expect((await attachToLoad(driver, blob)).status).toBe(404);
    });
  });

  it("keeps a proof of delivery's signature in the bucket and builds the PDF from the bucket's bytes", async () => {
    await db().load.update({ where: { id: world.load.id }, data: { status: "collected", collectedAt: new Date() } });
    const signature = await uploadedToBucket(driver, await realPng(600, 200), "signature.png", "image/png", "signature");
    const delivered = await driver.browser.post(`/loads/${world.load.id}/delivery`).type("form").send({ _csrf: driver.csrf, recipient_name: "Mark at goods-in", signature_signed_id: signature.signed_id });
    expect(delivered.status).toBe(303);
    const image = await shipper.browser.get(`/loads/${world.load.id}/signature`);
    expect(image.status).toBe(302);
    expect((await fetch(image.headers.location!)).headers.get("content-type")).toBe("image/png");
    const pdf = await shipper.browser.get(`/loads/${world.load.id}/proof-of-delivery.pdf`).buffer(true);
    expect([pdf.status, pdf.type]).toEqual([200, "application/pdf"]);
    expect((pdf.body as Buffer).includes(Buffer.from("/Subtype /Image"))).toBe(true);
  });

  it("purges a file announced over a day ago and never used, with its object in the bucket", async () => {
    const blob = await uploadedToBucket(driver, pngBytes());
    const key = await keyOf(blob);
    expect(await inBucket(key)).toBe(true);
    await purgeUnattachedBlobs(Date.now() + 24 * 60 * 60_000 + 1);
    expect(await db().fileBlob.findUnique({ where: { id: blob.id } })).toBeNull();
    expect(await inBucket(key)).toBe(false);
  });

  it("lets pages PUT to and show images from the bucket's origin, and only when files are kept there", async () => {
    const policyOf = async (app = testApp()) => (await agent(app).get("/login")).headers["content-security-policy"] as string;
    const directive = (policy: string, name: string) => policy.split(";").find((part) => part.startsWith(`${name} `));
    const withBucket = await policyOf();
    expect(directive(withBucket, "img-src")).toContain(` ${s3.endpoint}`);
    expect(directive(withBucket, "connect-src")).toContain(` ${s3.endpoint}`);
    const onDisk = createApp({ env: parseEnv({ ...process.env, STORAGE_URL: undefined, S3_ENDPOINT: undefined, S3_FORCE_PATH_STYLE: undefined }), logger: createLogger("silent") }).app;
    expect(await policyOf(onDisk)).not.toContain(s3.endpoint);
  });
});
