import PDFDocument from "pdfkit";
import sharp from "sharp";
import { formatDate, formatDateTime } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { count } from "#domain/format/count.ts";
import { storage } from "#lib/storage.server.ts";
import type { Acceptance, Award } from "#models/contract-acceptance.server.ts";

// The signed acceptance of a contract award as a PDF either side can file: the job, the two
// companies, what was awarded, who signed and when, and the drawn signature (or the hosted
// provider's reference).

async function signaturePng(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage().read(key)) chunks.push(chunk as Buffer);
  return sharp(Buffer.concat(chunks)).png().toBuffer();
}

/** The file name the PDF is saved under. */
export const acceptanceFilename = (award: Award) => `Contract acceptance - ${award.job.reference} - ${award.carrierAccount.name}.pdf`;

export async function acceptancePdf(award: Award, acceptance: Acceptance): Promise<Buffer> {
  const signature = acceptance.signature ? await signaturePng(acceptance.signature.key).catch(() => null) : null;
  const document = new PDFDocument({ size: "A4", margin: 50, info: { Title: acceptanceFilename(award).replace(/\.pdf$/, ""), Author: "Loadline" } });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => document.on("end", () => resolve(Buffer.concat(chunks))));

  document.fontSize(20).text("Contract acceptance");
  document.moveDown(0.5).fontSize(12).text(award.job.reference);
  document.fontSize(10).fillColor("#444").text(`Shipper: ${award.job.shipperAccount.name} · Carrier: ${award.carrierAccount.name}`);
  const period = award.job.startDate ? ` from ${formatDate(award.job.startDate)}${award.job.endDate ? ` to ${formatDate(award.job.endDate)}` : ""}` : "";
  document.moveDown().fillColor("#000").fontSize(12).text("Awarded");
  document.fontSize(10).text(`${count(award._count.loads, "load")} at ${formatMoney(award.valueCents)} a load${period}.`);
  document.moveDown().fontSize(12).text("Accepted");
  document.fontSize(10).text(`Signed by ${acceptance.signerName} on ${formatDateTime(acceptance.signedAt)} (account of ${acceptance.signedBy.name}, ${acceptance.signedBy.email}).`);
  if (acceptance.providerReference) document.text(`Signed with the hosted signing provider, reference ${acceptance.providerReference}.`);
  if (signature) {
    document.moveDown().fontSize(12).text("Signature");
    document.image(signature, { fit: [240, 100] });
  }
  document.end();
  return done;
}
