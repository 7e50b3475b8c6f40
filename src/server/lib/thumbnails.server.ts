import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";
import sharp from "sharp";
import { IMAGE_TYPES } from "#domain/files/uploads.ts";
import { logger } from "#lib/logger.server.ts";
import { storage } from "#lib/storage.server.ts";

// Photos are shown as small thumbnails, made once per file on first request and kept beside it
// (sharp works off the event loop). Only the image types we accept are ever thumbnailed.

export const THUMBNAIL_WIDTH = 480;

const variantKey = (key: string, variant: string) => createHash("sha256").update(`${key}:${variant}`).digest("hex").slice(0, 28);

/** The storage key of the file's WebP thumbnail (made now if it does not exist yet), or null for a non-image or a broken one. */
export async function thumbnailOf(blob: { key: string; contentType: string }): Promise<string | null> {
  if (!IMAGE_TYPES.includes(blob.contentType)) return null;
  const key = variantKey(blob.key, `thumb-${THUMBNAIL_WIDTH}`);
  if ((await storage().size(key)) !== null) return key;
  const place = await storage().writer(key);
  try {
    await pipeline(storage().read(blob.key), sharp().rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 75 }), place.stream);
    await place.keep();
    return key;
  } catch (error) {
    await place.discard();
    logger().warn({ err: error, key: blob.key }, "thumbnail failed");
    return null;
  }
}

/** An image's width and height as shown (after its EXIF orientation), or null when it cannot be read. */
export async function imageSizeOf(blob: { key: string; contentType: string }): Promise<{ width: number; height: number } | null> {
  if (!IMAGE_TYPES.includes(blob.contentType)) return null;
  try {
    const reader = sharp();
    storage().read(blob.key).pipe(reader);
    const { autoOrient } = await reader.metadata();
    return autoOrient.width && autoOrient.height ? { width: autoOrient.width, height: autoOrient.height } : null;
  } catch {
    return null;
  }
}
