import { describe, expect, it } from "vitest";
import { fileSize } from "#domain/format/file-size.ts";

describe("fileSize", () => {
  it.each([
    [0, "0 bytes"],
    [1, "1 byte"],
    [1023, "1023 bytes"],
    [1024, "1 KB"],
    [4300, "4.2 KB"],
    [10 * 1024, "10 KB"],
    [18.4 * 1024 * 1024, "18 MB"],
    [1.25 * 1024 ** 3, "1.3 GB"],
    [5000 * 1024 ** 3, "5000 GB"],
  ])("%i → %s", (bytes, text) => {
    expect(fileSize(bytes)).toBe(text);
  });
});
