import { describe, expect, it } from "vitest";
import { DirectUploadController } from "../../../node_modules/@rails/activestorage/src/direct_upload_controller.js";
import { FileChecksum } from "../../../node_modules/@rails/activestorage/src/file_checksum.js";

// The upload behaviour the product specifies is ActiveStorage's own, used unchanged in the browser.
// These checks fail if a new version of the library stops doing what we rely on.
const MB = 1024 * 1024;

describe("@rails/activestorage as the product uses it", () => {
  it("hashes files in 2 MiB chunks", () => {
    const checksum = new FileChecksum({ size: 5 * MB, name: "x" });
    expect([checksum.chunkSize, checksum.chunkCount]).toEqual([2_097_152, 3]);
  });

  it.each([
    [500 * 1024, 1000],
    [MB - 1, 1000],
    [MB, 2000],
    [10 * MB - 1, 2000],
    [10 * MB, 3500],
    [40 * MB, 5000],
  ])("simulates the server's answer to a %i-byte file over %i ms (1 s under 1 MB, 2 s under 10 MB, then 3 s + 50 ms a MB)", (size, ms) => {
    expect(DirectUploadController.prototype.estimateResponseTime.call({ file: { size } })).toBe(ms);
  });

  it("scales the sending to 90 % before simulating the rest", () => {
    const seen: number[] = [];
    DirectUploadController.prototype.uploadRequestDidProgress.call({ dispatch: (_name: string, detail: { progress: number }) => seen.push(detail.progress) }, { loaded: 50, total: 100 });
    expect(seen).toEqual([45]);
  });
});
