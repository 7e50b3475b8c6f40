import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, type ReadStream, type WriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { env } from "#lib/env.server.ts";

// Where uploaded files live. Callers use keys only (random, never derived from anything a user
// sent), so a service such as S3 can take the disk's place behind the same interface.

export interface FileStorage {
  /** A place to write a new file; nothing is visible under `key` until `keep()`. */
  writer(key: string): Promise<{ stream: WriteStream; keep(): Promise<void>; discard(): Promise<void> }>;
  read(key: string, range?: { start: number; end: number }): ReadStream;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
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

  read(key: string, range?: { start: number; end: number }): ReadStream {
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

/** The process's storage: the disk under STORAGE_DIR. */
export function storage(): FileStorage {
  shared ??= new DiskStorage(env().storageDir);
  return shared;
}
