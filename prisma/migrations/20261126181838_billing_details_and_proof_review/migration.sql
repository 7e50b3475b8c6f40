-- AlterTable
ALTER TABLE "Job" ADD COLUMN "paymentTermsDays" INTEGER;

-- AlterTable
ALTER TABLE "Load" ADD COLUMN "proofAcceptedAt" DATETIME;
ALTER TABLE "Load" ADD COLUMN "proofStatus" TEXT;

-- CreateTable
CREATE TABLE "BillingDetails" (
    "accountId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "legalName" TEXT NOT NULL,
    "companyNumber" TEXT,
    "registeredAddress" TEXT NOT NULL,
    "vatNumber" TEXT,
    "invoiceEmail" TEXT NOT NULL,
    "paymentTermsDays" INTEGER NOT NULL DEFAULT 30,
    "invoiceGrouping" TEXT NOT NULL DEFAULT 'per_load',
    "sortCode" TEXT,
    "accountNumber" TEXT,
    "bankDetailsChangedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BillingDetails_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProofReview" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "loadId" INTEGER NOT NULL,
    "decision" TEXT NOT NULL,
    "reason" TEXT,
    "note" TEXT,
    "decidedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ProofReview_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProofReview_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ProofReview_loadId_id_idx" ON "ProofReview"("loadId", "id");
