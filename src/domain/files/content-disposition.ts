/**
 * The file name a Content-Disposition header gives: the UTF-8 `filename*` when present (RFC 6266),
 * else the plain `filename`; null when the answer is not an attachment or names no file.
 */
export function attachmentFilename(header: string | null | undefined): string | null {
  if (!header || !/^\s*attachment\b/i.test(header)) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
  if (quoted !== undefined) return quoted.replace(/\\(.)/g, "$1");
  return /filename\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim() ?? null;
}
