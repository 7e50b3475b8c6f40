-- DropIndex
DROP INDEX "Invoice_issuerAccountId_series_sequence_key";

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "creditedPence" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "numberingAccountId" INTEGER,
ADD COLUMN     "overdueNotifiedAt" TIMESTAMP(3),
ADD COLUMN     "selfBillingAgreementId" INTEGER,
ALTER COLUMN "sequence" DROP NOT NULL,
ALTER COLUMN "number" DROP NOT NULL;

-- Every invoice so far was numbered in its issuer's own series.
UPDATE "Invoice" SET "numberingAccountId" = "issuerAccountId";
ALTER TABLE "Invoice" ALTER COLUMN "numberingAccountId" SET NOT NULL;

-- AlterTable
ALTER TABLE "InvoiceLine" ADD COLUMN     "extraChargeId" INTEGER,
ALTER COLUMN "loadId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "freeWaitingMinutes" INTEGER,
ADD COLUMN     "waitingRatePence" INTEGER;

-- CreateTable
CREATE TABLE "CreditNote" (
    "id" SERIAL NOT NULL,
    "invoiceId" INTEGER NOT NULL,
    "numberingAccountId" INTEGER NOT NULL,
    "series" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "issueDate" TIMESTAMP(3) NOT NULL,
    "reason" TEXT NOT NULL,
    "netPence" INTEGER NOT NULL,
    "vatPence" INTEGER NOT NULL,
    "grossPence" INTEGER NOT NULL,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CreditNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SelfBillingAgreement" (
    "id" SERIAL NOT NULL,
    "shipperAccountId" INTEGER NOT NULL,
    "carrierAccountId" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "startsOn" TIMESTAMP(3) NOT NULL,
    "endsOn" TIMESTAMP(3) NOT NULL,
    "carrierVatNumber" TEXT,
    "offeredById" INTEGER NOT NULL,
    "decidedById" INTEGER,
    "decidedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "endReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SelfBillingAgreement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExtraCharge" (
    "id" SERIAL NOT NULL,
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
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExtraCharge_pkey" PRIMARY KEY ("id")
);

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

-- CreateIndex
CREATE INDEX "Invoice_status_dueDate_idx" ON "Invoice"("status", "dueDate");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_numberingAccountId_series_sequence_key" ON "Invoice"("numberingAccountId", "series", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "InvoiceLine_extraChargeId_key" ON "InvoiceLine"("extraChargeId");

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_selfBillingAgreementId_fkey" FOREIGN KEY ("selfBillingAgreementId") REFERENCES "SelfBillingAgreement"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNote" ADD CONSTRAINT "CreditNote_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SelfBillingAgreement" ADD CONSTRAINT "SelfBillingAgreement_shipperAccountId_fkey" FOREIGN KEY ("shipperAccountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SelfBillingAgreement" ADD CONSTRAINT "SelfBillingAgreement_carrierAccountId_fkey" FOREIGN KEY ("carrierAccountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExtraCharge" ADD CONSTRAINT "ExtraCharge_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE CASCADE ON UPDATE CASCADE;
