import PDFDocument from "pdfkit";
import sharp from "sharp";
import type { PrismaClient } from "#generated/prisma/client.ts";
import { createHash } from "node:crypto";
import { newStorageKey, storage } from "#lib/storage.server.ts";

// Demo documents and photos: a delivery note and collection photos on the load being driven, a
// delivered load with its CMR, a photo and the recipient's signature as proof of delivery, and the
// carriers' compliance documents (Pennine's insurance runs out within 30 days). Skipped once any
// file exists.

const DAY = 86_400_000;
type Accounts = Record<string, number>;
type File = { filename: string; contentType: string; bytes: Buffer; use: string };

/** Writes a file to storage and records its blob (also for the proof-review demo). */
export async function store(db: PrismaClient, uploadedById: number, file: File) {
  const key = newStorageKey();
  const place = await storage().writer(key);
  await new Promise<void>((resolve, reject) => place.stream.end(file.bytes, () => resolve()).on("error", reject));
  await place.keep();
  const size = file.contentType.startsWith("image/") ? await sharp(file.bytes).metadata() : null;
  return db.fileBlob.create({
    data: {
      key, filename: file.filename, contentType: file.contentType, byteSize: file.bytes.length, use: file.use, uploadedById, storedAt: new Date(),
      checksum: createHash("md5").update(file.bytes).digest("base64"), width: size?.width ?? null, height: size?.height ?? null,
    },
  });
}

/** A photo-like picture: a sky, a yard and a trailer, in colours of one's choosing. */
function photo(filename: string, trailer: string): Promise<File> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="#9cc3e6"/><rect y="560" width="1200" height="340" fill="#8a8f94"/><rect x="180" y="330" width="760" height="330" rx="12" fill="${trailer}"/><circle cx="320" cy="680" r="55" fill="#222"/><circle cx="800" cy="680" r="55" fill="#222"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer().then((bytes) => ({ filename, contentType: "image/jpeg", bytes, use: "photo" }));
}

export function signature(): Promise<File> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M30 140 C 90 40, 130 180, 190 90 S 290 40, 330 130 S 430 170, 470 70 L 560 110" fill="none" stroke="#1b2a6b" stroke-width="5" stroke-linecap="round"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer().then((bytes) => ({ filename: "signature.png", contentType: "image/png", bytes, use: "signature" }));
}

function pdf(filename: string, title: string, lines: string[]): Promise<File> {
  const document = new PDFDocument({ size: "A4", margin: 50 });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<File>((resolve) => document.on("end", () => resolve({ filename, contentType: "application/pdf", bytes: Buffer.concat(chunks), use: "document" })));
  document.fontSize(18).text(title).moveDown().fontSize(11);
  for (const line of lines) document.text(line);
  document.end();
  return done;
}

export async function seedFiles(db: PrismaClient, accounts: Accounts): Promise<void> {
  if (!accounts.carrier || !accounts.shipper || (await db.fileBlob.count()) > 0) return;
  const people = await db.user.findMany({ where: { email: { in: ["shipper@example.com", "carrier@example.com", "driver@example.com", "carrier2@example.com"] } }, select: { id: true, email: true } });
  const id = (email: string) => people.find((person) => person.email === email)?.id;
  const [shipperId, carrierId, driverId, carrier2Id] = ["shipper@example.com", "carrier@example.com", "driver@example.com", "carrier2@example.com"].map(id);
  if (!shipperId || !carrierId || !driverId) return;
  const loads = await db.load.findMany({ where: { carrierAccountId: accounts.carrier, driverId, job: { shipperAccountId: accounts.shipper } }, orderBy: { sequence: "asc" }, select: { id: true, jobId: true, sequence: true, status: true } });
  const driving = loads.find((load) => load.status === "collected");
  const next = loads.find((load) => load.status === "driver_assigned");

  const attach = async (loadId: number, userId: number, file: File, proofId?: number) => {
    const blob = await store(db, userId, file);
    await db.attachment.create({ data: { blobId: blob.id, loadId, kind: file.use === "photo" ? "photo" : "document", addedById: userId, proofId: proofId ?? null } });
  };

  if (driving) {
    await attach(driving.id, shipperId, await pdf("Delivery note 4411.pdf", "Delivery note 4411", ["Northwind Foods Ltd", "26 pallets, ambient", "Deliver to goods-in, dock 4."]));
    await attach(driving.id, driverId, await photo("Loaded at collection.jpg", "#2e6da4"));
    await attach(driving.id, driverId, await photo("Seal 88213.jpg", "#c0392b"));
  }
  if (next) {
    // Delivered yesterday, with its proof.
    const deliveredAt = new Date(Date.now() - DAY);
    await db.load.update({ where: { id: next.id }, data: { status: "delivered", collectedAt: new Date(deliveredAt.getTime() - 5 * 3_600_000), deliveredAt } });
    const sign = await store(db, driverId, await signature());
    const proof = await db.proofOfDelivery.create({ data: { loadId: next.id, recipientName: "Mark Allen", deliveredAt, latitude: 52.6309, longitude: 1.2974, signatureBlobId: sign.id, recordedById: driverId } });
    await attach(next.id, driverId, await photo("Delivered to dock 4.jpg", "#27ae60"), proof.id);
    await attach(next.id, carrierId, await pdf("CMR 20931.pdf", "CMR consignment note 20931", ["Sender: Northwind Foods Ltd", "Carrier: Pennine Haulage", "Received in good order."]));
  }

  const compliance = async (accountId: number, updatedById: number, insuranceDays: number) => {
    const expires = (days: number) => new Date(Math.floor((Date.now() + days * DAY) / DAY) * DAY);
    await db.complianceDocument.create({ data: { accountId, kind: "operator_licence", reference: `OB${String(1_000_000 + accountId).padStart(7, "0")}`, licenceType: "standard_international", expiresOn: expires(400), updatedById } });
    await db.complianceDocument.create({ data: { accountId, kind: "goods_in_transit", reference: "Haulier Mutual Insurance", coverPence: 7_500_000, expiresOn: expires(insuranceDays), updatedById } });
  };
  await compliance(accounts.carrier, carrierId, 21);
  if (accounts.carrier2 && carrier2Id) await compliance(accounts.carrier2, carrier2Id, 240);
}
