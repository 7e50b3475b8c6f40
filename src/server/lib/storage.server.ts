import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { env } from "#lib/env.server.ts";
import { S3Storage } from "#lib/s3-storage.server.ts";

// Where uploaded files live: a folder on this machine, or an S3-compatible bucket when STORAGE_URL
// names one. Callers use keys only (random, never derived from anything a user sent).

export interface FileStorage {
  /** A place to write a new file; nothing is visible under `key` until `keep()`. */
  writer(key: string): Promise<{ stream: Writable; keep(): Promise<void>; discard(): Promise<void> }>;
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Present when the browser sends and fetches the bytes itself (a bucket); absent when they pass through us. */
  readonly direct?: DirectAccess;
}

/** A file as announced by the browser: what a presigned PUT will take and nothing else. */
export type AnnouncedFile = { contentType: string; byteSize: number; checksum: string };
/** How the answer to a download presents the file. */
export type FileAnswer = { type: string; disposition?: string; cacheControl?: string };

/** Presigned URLs to a bucket the browser reaches itself, and what the bucket holds. */
export interface DirectAccess {
  uploadTarget(key: string, file: AnnouncedFile): Promise<{ url: string; headers: Record<string, string> }>;
  downloadUrl(key: string, answer: FileAnswer): Promise<string>;
  /** The size and MD5 (base64) the bucket reports for a key; null when it holds nothing there. */
  describe(key: string): Promise<{ size: number; checksum: string | null } | null>;
}

/** A new random key: 28 hex digits (112 random bits). */
export function newStorageKey(): string {
  return randomBytes(14).toString("hex");
}

/** Files under one folder, spread over two levels of sub-folders by the key's first characters. */
export class DiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!/^[0-9a-f]{28}$/.test(key)) throw new Error("not a storage key");
    return path.join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async writer(key: string) {
    const final = this.pathOf(key);
    const partial = `${final}.partial-${randomBytes(4).toString("hex")}`;
    await mkdir(path.dirname(final), { recursive: true });
    const stream = createWriteStream(partial, { flags: "wx", highWaterMark: 1024 * 1024 });
    return {
      stream,
      keep: () => rename(partial, final),
      discard: () => rm(partial, { force: true }),
    };
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range);
  }

  async size(key: string): Promise<number | null> {
    return stat(this.pathOf(key)).then((stats) => stats.size, () => null);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

let shared: FileStorage | undefined;

/** The process's storage: the bucket of STORAGE_URL when set, otherwise the disk under STORAGE_DIR. */
export function storage(): FileStorage {
  const config = env();
  shared ??= config.STORAGE_URL ? new S3Storage(config) : new DiskStorage(config.storageDir);
  return shared;
}
