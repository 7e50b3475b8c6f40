import { describe, expect, it } from "vitest";
import { attachmentFilename } from "#domain/files/content-disposition.ts";

describe("attachmentFilename", () => {
  it.each([
    ['attachment; filename="Proof of delivery - load 1.pdf"', "Proof of delivery - load 1.pdf"],
    [`attachment; filename="Lieferschein ? Muller.pdf"; filename*=UTF-8''Lieferschein%20%E2%80%93%20M%C3%BCller.pdf`, "Lieferschein – Müller.pdf"],
    ["attachment; filename=plain.pdf", "plain.pdf"],
    ['attachment; filename="say \\"hi\\".pdf"', 'say "hi".pdf'],
    [`attachment; filename="fallback.pdf"; filename*=UTF-8''%E0%A4%A`, "fallback.pdf"],
    ['inline; filename="shown.pdf"', null],
    ["attachment", null],
    [null, null],
  ])("%j → %j", (header, name) => {
    expect(attachmentFilename(header)).toBe(name);
  });
});
