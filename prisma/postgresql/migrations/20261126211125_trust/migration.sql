-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "minimumCargoCoverPence" INTEGER;

-- CreateTable
CREATE TABLE "Rating" (
    "id" SERIAL NOT NULL,
    "loadId" INTEGER NOT NULL,
    "side" TEXT NOT NULL,
    "raterAccountId" INTEGER NOT NULL,
    "ratedAccountId" INTEGER NOT NULL,
    "authorId" INTEGER NOT NULL,
    "punctuality" INTEGER,
    "communication" INTEGER,
    "careOfGoods" INTEGER,
    "paperwork" INTEGER,
    "accuracy" INTEGER,
    "siteAndWaiting" INTEGER,
    "paymentOnTime" INTEGER,
    "averageCentistars" INTEGER NOT NULL,
    "wouldAgain" BOOLEAN NOT NULL,
    "comment" TEXT,
    "reply" TEXT,
    "repliedAt" TIMESTAMP(3),
    "repliedById" INTEGER,
    "hiddenAt" TIMESTAMP(3),
    "hiddenReason" TEXT,
    "hiddenById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CompanyBlock" (
    "id" SERIAL NOT NULL,
    "blockerAccountId" INTEGER NOT NULL,
    "blockedAccountId" INTEGER NOT NULL,
    "blockedById" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CompanyBlock_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Rating_ratedAccountId_createdAt_idx" ON "Rating"("ratedAccountId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Rating_loadId_side_key" ON "Rating"("loadId", "side");

-- CreateIndex
CREATE INDEX "CompanyBlock_blockedAccountId_idx" ON "CompanyBlock"("blockedAccountId");

-- CreateIndex
CREATE UNIQUE INDEX "CompanyBlock_blockerAccountId_blockedAccountId_key" ON "CompanyBlock"("blockerAccountId", "blockedAccountId");

-- AddForeignKey
ALTER TABLE "Rating" ADD CONSTRAINT "Rating_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE CASCADE ON UPDATE CASCADE;
