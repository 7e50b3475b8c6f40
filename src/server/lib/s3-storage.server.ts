import { createRequire } from "node:module";
import { Readable, Writable } from "node:stream";
import type * as ClientS3 from "@aws-sdk/client-s3";
import type * as Presigner from "@aws-sdk/s3-request-presigner";
import type { Env } from "#lib/env.server.ts";
import type { AnnouncedFile, DirectAccess, FileAnswer, FileStorage } from "#lib/storage.server.ts";

// Files in an S3-compatible bucket, as ActiveStorage's S3 service keeps them: the browser PUTs an
// upload and GETs a download itself through presigned URLs, so those bytes never pass through us.
// The server reads and writes through the SDK only what it makes or checks itself (thumbnails, an
// upload's first bytes, the pictures in a PDF). Credentials come from the SDK's own chain
// (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or the machine's role).

// Loaded on first use, so that only a process keeping files in a bucket pays for the SDK (≈175 ms
// and 25 MB of memory at start).
const require = createRequire(import.meta.url);
const sdk = () => require("@aws-sdk/client-s3") as typeof ClientS3;
const presigner = () => require("@aws-sdk/s3-request-presigner") as typeof Presigner;

/** How long a presigned URL works: enough to start the PUT or follow the redirect, too short to pass around. */
export const PRESIGNED_URL_TTL_SECONDS = 5 * 60;

// Signed into the PUT's URL, as ActiveStorage does: the bucket takes only the announced length, type and MD5.
const SIGNED_UPLOAD_HEADERS = new Set(["content-type", "content-md5", "content-length"]);

export type S3Settings = Pick<Env, "STORAGE_URL" | "S3_ENDPOINT" | "S3_REGION" | "S3_FORCE_PATH_STYLE">;

const bucketOf = (settings: S3Settings) => new URL(settings.STORAGE_URL!).hostname;

function clientFor(settings: S3Settings): ClientS3.S3Client {
  return new (sdk().S3Client)({
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? false,
    // Left to itself the SDK adds a CRC32 of the (empty) body to a presigned PUT's URL, which the
    // bucket then holds the browser's bytes to; the PUT carries the announced Content-MD5 instead.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** The origin the browser reaches the bucket at, by the SDK's own endpoint rules (for the CSP). */
export function bucketOrigin(settings: S3Settings): string {
  const { url } = clientFor(settings).config.endpointProvider({
    Bucket: bucketOf(settings),
    Region: settings.S3_REGION,
    Endpoint: settings.S3_ENDPOINT,
    ForcePathStyle: settings.S3_FORCE_PATH_STYLE ?? false,
  });
  return url.origin;
}

/** A single PUT's ETag is the hex MD5 of the bytes; anything else (a multipart upload's) says nothing of them. */
const md5OfEtag = (etag: string | undefined) => {
  const hex = /^"?([0-9a-f]{32})"?$/i.exec(etag ?? "")?.[1];
  return hex ? Buffer.from(hex, "hex").toString("base64") : null;
};

const isNotFound = (error: unknown) => (error as Partial<ClientS3.S3ServiceException> | null)?.$metadata?.httpStatusCode === 404;

export class S3Storage implements FileStorage, DirectAccess {
  private readonly client: ClientS3.S3Client;
  private readonly bucket: string;
  readonly direct: DirectAccess = this;

  constructor(settings: S3Settings) {
    this.client = clientFor(settings);
    this.bucket = bucketOf(settings);
  }

  // Only files the server makes pass through here (thumbnails, demo files): they are small, and a
  // PUT needs its length up front, so they are gathered in memory and sent whole on keep().
  async writer(key: string) {
    let chunks: Buffer[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    return {
      stream,
      keep: async () => {
        const { PutObjectCommand } = sdk();
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: Buffer.concat(chunks) }));
      },
      discard: async () => {
        chunks = [];
      },
    };
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const { client, bucket } = this;
    async function* bytes() {
      const { GetObjectCommand } = sdk();
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }));
      yield* answer.Body as Readable;
    }
    return Readable.from(bytes(), { objectMode: false });
  }

  async size(key: string): Promise<number | null> {
    return (await this.describe(key))?.size ?? null;
  }

  async remove(key: string): Promise<void> {
    const { DeleteObjectCommand } = sdk();
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async uploadTarget(key: string, file: AnnouncedFile) {
    const { PutObjectCommand } = sdk();
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: file.contentType, ContentLength: file.byteSize, ContentMD5: file.checksum });
    const url = await presigner().getSignedUrl(this.client, command, { expiresIn: PRESIGNED_URL_TTL_SECONDS, signableHeaders: SIGNED_UPLOAD_HEADERS });
    // The browser sets Content-Length itself (a script may not).
    return { url, headers: { "Content-Type": file.contentType, "Content-MD5": file.checksum } };
  }

  downloadUrl(key: string, answer: FileAnswer): Promise<string> {
    const { GetObjectCommand } = sdk();
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: answer.type,
      ResponseContentDisposition: answer.disposition,
      ResponseCacheControl: answer.cacheControl,
    });
    return presigner().getSignedUrl(this.client, command, { expiresIn: PRESIGNED_URL_TTL_SECONDS });
  }

  async describe(key: string) {
    const { HeadObjectCommand } = sdk();
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, checksum: md5OfEtag(head.ETag) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }
}
