-- AlterTable
ALTER TABLE "Job" ADD COLUMN "freeWaitingMinutes" INTEGER;
ALTER TABLE "Job" ADD COLUMN "waitingRatePence" INTEGER;

-- CreateTable
CREATE TABLE "CreditNote" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "invoiceId" INTEGER NOT NULL,
    "numberingAccountId" INTEGER NOT NULL,
    "series" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "issueDate" DATETIME NOT NULL,
    "reason" TEXT NOT NULL,
    "netPence" INTEGER NOT NULL,
    "vatPence" INTEGER NOT NULL,
    "grossPence" INTEGER NOT NULL,
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CreditNote_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SelfBillingAgreement" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shipperAccountId" INTEGER NOT NULL,
    "carrierAccountId" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "startsOn" DATETIME NOT NULL,
    "endsOn" DATETIME NOT NULL,
    "carrierVatNumber" TEXT,
    "offeredById" INTEGER NOT NULL,
    "decidedById" INTEGER,
    "decidedAt" DATETIME,
    "endedAt" DATETIME,
    "endReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SelfBillingAgreement_shipperAccountId_fkey" FOREIGN KEY ("shipperAccountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SelfBillingAgreement_carrierAccountId_fkey" FOREIGN KEY ("carrierAccountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ExtraCharge" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "loadId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "note" TEXT NOT NULL,
    "minutes" INTEGER,
    "amountPence" INTEGER NOT NULL,
    "evidenceAttachmentId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "refusalReason" TEXT,
    "addedById" INTEGER NOT NULL,
    "decidedById" INTEGER,
    "decidedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ExtraCharge_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Invoice" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "issuerAccountId" INTEGER NOT NULL,
    "customerAccountId" INTEGER NOT NULL,
    "numberingAccountId" INTEGER NOT NULL,
    "selfBillingAgreementId" INTEGER,
    "series" TEXT NOT NULL,
    "sequence" INTEGER,
    "number" TEXT,
    "status" TEXT NOT NULL,
    "issueDate" DATETIME NOT NULL,
    "taxPoint" DATETIME NOT NULL,
    "dueDate" DATETIME NOT NULL,
    "netPence" INTEGER NOT NULL,
    "vatPence" INTEGER NOT NULL,
    "grossPence" INTEGER NOT NULL,
    "creditedPence" INTEGER NOT NULL DEFAULT 0,
    "supplier" TEXT NOT NULL,
    "customer" TEXT NOT NULL,
    "paidAt" DATETIME,
    "paidReference" TEXT,
    "receiptConfirmedAt" DATETIME,
    "overdueNotifiedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Invoice_issuerAccountId_fkey" FOREIGN KEY ("issuerAccountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Invoice_customerAccountId_fkey" FOREIGN KEY ("customerAccountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Invoice_selfBillingAgreementId_fkey" FOREIGN KEY ("selfBillingAgreementId") REFERENCES "SelfBillingAgreement" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Invoice" ("createdAt", "customer", "customerAccountId", "dueDate", "grossPence", "id", "issueDate", "issuerAccountId", "numberingAccountId", "netPence", "number", "paidAt", "paidReference", "receiptConfirmedAt", "sequence", "series", "status", "supplier", "taxPoint", "vatPence") SELECT "createdAt", "customer", "customerAccountId", "dueDate", "grossPence", "id", "issueDate", "issuerAccountId", "issuerAccountId", "netPence", "number", "paidAt", "paidReference", "receiptConfirmedAt", "sequence", "series", "status", "supplier", "taxPoint", "vatPence" FROM "Invoice";
DROP TABLE "Invoice";
ALTER TABLE "new_Invoice" RENAME TO "Invoice";
CREATE INDEX "Invoice_issuerAccountId_id_idx" ON "Invoice"("issuerAccountId", "id");
CREATE INDEX "Invoice_customerAccountId_id_idx" ON "Invoice"("customerAccountId", "id");
CREATE INDEX "Invoice_status_dueDate_idx" ON "Invoice"("status", "dueDate");
CREATE UNIQUE INDEX "Invoice_numberingAccountId_series_sequence_key" ON "Invoice"("numberingAccountId", "series", "sequence");
CREATE TABLE "new_InvoiceLine" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "invoiceId" INTEGER NOT NULL,
    "loadId" INTEGER,
    "extraChargeId" INTEGER,
    "description" TEXT NOT NULL,
    "collectionDate" DATETIME,
    "deliveryDate" DATETIME NOT NULL,
    "netPence" INTEGER NOT NULL,
    "vatRateBp" INTEGER NOT NULL,
    "vatPence" INTEGER NOT NULL,
    CONSTRAINT "InvoiceLine_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_InvoiceLine" ("collectionDate", "deliveryDate", "description", "id", "invoiceId", "loadId", "netPence", "vatPence", "vatRateBp") SELECT "collectionDate", "deliveryDate", "description", "id", "invoiceId", "loadId", "netPence", "vatPence", "vatRateBp" FROM "InvoiceLine";
DROP TABLE "InvoiceLine";
ALTER TABLE "new_InvoiceLine" RENAME TO "InvoiceLine";
CREATE UNIQUE INDEX "InvoiceLine_loadId_key" ON "InvoiceLine"("loadId");
CREATE UNIQUE INDEX "InvoiceLine_extraChargeId_key" ON "InvoiceLine"("extraChargeId");
CREATE INDEX "InvoiceLine_invoiceId_idx" ON "InvoiceLine"("invoiceId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "CreditNote_invoiceId_idx" ON "CreditNote"("invoiceId");

-- CreateIndex
CREATE UNIQUE INDEX "CreditNote_numberingAccountId_series_sequence_key" ON "CreditNote"("numberingAccountId", "series", "sequence");

-- CreateIndex
CREATE INDEX "SelfBillingAgreement_shipperAccountId_status_idx" ON "SelfBillingAgreement"("shipperAccountId", "status");

-- CreateIndex
CREATE INDEX "SelfBillingAgreement_carrierAccountId_status_idx" ON "SelfBillingAgreement"("carrierAccountId", "status");

-- CreateIndex
CREATE INDEX "ExtraCharge_loadId_status_idx" ON "ExtraCharge"("loadId", "status");
