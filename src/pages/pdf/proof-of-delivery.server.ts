import PDFDocument from "pdfkit";
import sharp from "sharp";
import { addressLine } from "#domain/format/address.ts";
import { formatDate, formatDateTime } from "#domain/format/dates.ts";
import { storage } from "#lib/storage.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import type { Proof } from "#models/proof-of-delivery.server.ts";

// The proof of delivery as a PDF the shipper can file or forward: the load, its stops, when and to
// whom it was delivered (and where, if the phone said), the signature and the photos. Images are
// re-encoded (sharp, off the event loop) to what PDF readers all show: JPEG for photos, PNG for the
// signature.

const PHOTO_BOX = { width: 240, height: 180 };

async function bytesOf(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage().read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const photoForPdf = async (key: string) => sharp(await bytesOf(key)).rotate().resize({ width: 1200, height: 1200, fit: "inside", withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
const signatureForPdf = async (key: string) => sharp(await bytesOf(key)).png().toBuffer();

/** The file name the PDF is saved under. */
export const proofFilename = (load: Pick<LoadDetail, "sequence" | "job">) => `Proof of delivery - load ${load.sequence} of ${load.job.reference}.pdf`;

/** Builds the PDF; resolves with its bytes. */
export async function proofPdf(load: LoadDetail, proof: Proof & { place: string }): Promise<Buffer> {
  const [signature, photos] = await Promise.all([
    proof.signature ? signatureForPdf(proof.signature.key).catch(() => null) : null,
    Promise.all(proof.photos.map((photo) => photoForPdf(photo.blob.key).catch(() => null))),
  ]);
  const document = new PDFDocument({ size: "A4", margin: 50, info: { Title: proofFilename(load).replace(/\.pdf$/, ""), Author: "Loadline" } });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => document.on("end", () => resolve(Buffer.concat(chunks))));

  document.fontSize(20).text("Proof of delivery");
  document.moveDown(0.5).fontSize(12).text(`Load ${load.sequence} of ${load.job.reference}`);
  document.fontSize(10).fillColor("#444").text(`Shipper: ${load.job.shipperAccount.name} · Carrier: ${load.carrierAccount?.name ?? "—"} · Driver: ${load.driver?.name ?? "—"}`);
  document.moveDown().fillColor("#000").fontSize(12).text("Route");
  document.fontSize(10);
  for (const stop of load.stops) {
    document.text(`${stop.jobLocation.kind === "pickup" ? "Collect from" : "Deliver to"}: ${addressLine(stop.jobLocation, { company: true })}${stop.windowDate ? ` (${formatDate(stop.windowDate)})` : ""}`);
  }
  document.moveDown().fontSize(12).text("Delivered");
  document.fontSize(10).text(`At ${formatDateTime(proof.deliveredAt)} to ${proof.recipientName}, recorded by ${proof.recordedBy.name}`);
  if (proof.place) document.text(`Where the driver's phone was: ${proof.place}`);
  if (signature) {
    document.moveDown().fontSize(12).text("Signature");
    document.image(signature, { fit: [240, 100] });
  }
  const shown = photos.filter((photo): photo is Buffer => photo !== null);
  if (shown.length) {
    document.moveDown().fontSize(12).text(`Photos (${shown.length})`);
    shown.forEach((photo, i) => {
      if (i % 2 === 0 && document.y + PHOTO_BOX.height > document.page.height - 50) document.addPage();
      const x = 50 + (i % 2) * (PHOTO_BOX.width + 15);
      const y = document.y;
      document.image(photo, x, y, { fit: [PHOTO_BOX.width, PHOTO_BOX.height] });
      if (i % 2 === 1 || i === shown.length - 1) document.y = y + PHOTO_BOX.height + 10;
    });
  }
  document.end();
  return done;
}
