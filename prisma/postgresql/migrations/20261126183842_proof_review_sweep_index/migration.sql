-- CreateIndex
CREATE INDEX "Load_proofStatus_deliveredAt_idx" ON "Load"("proofStatus", "deliveredAt");

-- Loads delivered by a carrier before proof review existed were settled outside Loadline: their
-- proof counts as accepted when it was delivered, so they are never swept or asked about.
UPDATE "Load" SET "proofStatus" = 'accepted', "proofAcceptedAt" = "deliveredAt"
WHERE "status" = 'delivered' AND "proofStatus" IS NULL AND "deliveredAt" IS NOT NULL
  AND "carrierAccountId" IS NOT NULL
  AND "carrierAccountId" <> (SELECT "shipperAccountId" FROM "Job" WHERE "Job"."id" = "Load"."jobId");
