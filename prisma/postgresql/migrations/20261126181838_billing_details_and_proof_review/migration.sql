-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "paymentTermsDays" INTEGER;

-- AlterTable
ALTER TABLE "Load" ADD COLUMN     "proofAcceptedAt" TIMESTAMP(3),
ADD COLUMN     "proofStatus" TEXT;

-- CreateTable
CREATE TABLE "BillingDetails" (
    "accountId" INTEGER NOT NULL,
    "legalName" TEXT NOT NULL,
    "companyNumber" TEXT,
    "registeredAddress" TEXT NOT NULL,
    "vatNumber" TEXT,
    "invoiceEmail" TEXT NOT NULL,
    "paymentTermsDays" INTEGER NOT NULL DEFAULT 30,
    "invoiceGrouping" TEXT NOT NULL DEFAULT 'per_load',
    "sortCode" TEXT,
    "accountNumber" TEXT,
    "bankDetailsChangedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BillingDetails_pkey" PRIMARY KEY ("accountId")
);

-- CreateTable
CREATE TABLE "ProofReview" (
    "id" SERIAL NOT NULL,
    "loadId" INTEGER NOT NULL,
    "decision" TEXT NOT NULL,
    "reason" TEXT,
    "note" TEXT,
    "decidedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProofReview_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProofReview_loadId_id_idx" ON "ProofReview"("loadId", "id");

-- AddForeignKey
ALTER TABLE "BillingDetails" ADD CONSTRAINT "BillingDetails_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProofReview" ADD CONSTRAINT "ProofReview_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProofReview" ADD CONSTRAINT "ProofReview_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
