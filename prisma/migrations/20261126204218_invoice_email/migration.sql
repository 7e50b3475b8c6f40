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
    "emailPending" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Invoice_issuerAccountId_fkey" FOREIGN KEY ("issuerAccountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Invoice_customerAccountId_fkey" FOREIGN KEY ("customerAccountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Invoice_selfBillingAgreementId_fkey" FOREIGN KEY ("selfBillingAgreementId") REFERENCES "SelfBillingAgreement" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Invoice" ("createdAt", "creditedPence", "customer", "customerAccountId", "dueDate", "grossPence", "id", "issueDate", "issuerAccountId", "netPence", "number", "numberingAccountId", "overdueNotifiedAt", "paidAt", "paidReference", "receiptConfirmedAt", "selfBillingAgreementId", "sequence", "series", "status", "supplier", "taxPoint", "vatPence") SELECT "createdAt", "creditedPence", "customer", "customerAccountId", "dueDate", "grossPence", "id", "issueDate", "issuerAccountId", "netPence", "number", "numberingAccountId", "overdueNotifiedAt", "paidAt", "paidReference", "receiptConfirmedAt", "selfBillingAgreementId", "sequence", "series", "status", "supplier", "taxPoint", "vatPence" FROM "Invoice";
DROP TABLE "Invoice";
ALTER TABLE "new_Invoice" RENAME TO "Invoice";
CREATE INDEX "Invoice_issuerAccountId_id_idx" ON "Invoice"("issuerAccountId", "id");
CREATE INDEX "Invoice_customerAccountId_id_idx" ON "Invoice"("customerAccountId", "id");
CREATE INDEX "Invoice_status_dueDate_idx" ON "Invoice"("status", "dueDate");
CREATE UNIQUE INDEX "Invoice_numberingAccountId_series_sequence_key" ON "Invoice"("numberingAccountId", "series", "sequence");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
