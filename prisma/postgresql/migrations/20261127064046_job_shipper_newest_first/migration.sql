-- CreateIndex
CREATE INDEX "Job_shipperAccountId_createdAt_id_idx" ON "Job"("shipperAccountId", "createdAt", "id");
