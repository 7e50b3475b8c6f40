import { inflateSync } from "node:zlib";

// The text a pdfkit PDF shows, read back for tests: each content stream inflated, then the strings
// of every TJ/Tj operator (hex in pdfkit's standard fonts, WinAnsi ≈ Latin-1) joined into one line
// per operator.

const STREAM = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
const TEXT_ARRAY = /\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ/g;
const HEX = /<([0-9a-fA-F]*)>/g;

function decodeHex(hex: string): string {
  return Buffer.from(hex, "hex").toString("latin1").replaceAll("\x97", "—").replaceAll("\xa3", "£");
}

function textOf(content: string): string[] {
  const lines: string[] = [];
  for (const [, array] of content.matchAll(TEXT_ARRAY)) lines.push([...(array ?? "").matchAll(HEX)].map((match) => decodeHex(match[1] ?? "")).join(""));
  return lines;
}

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const [, body] of raw.matchAll(STREAM)) {
    try {
      lines.push(...textOf(inflateSync(Buffer.from(body ?? "", "latin1")).toString("latin1")));
    } catch {
      // Not a compressed content stream (a font, an image): no text of ours in it.
    }
  }
  return lines.join("\n");
}
