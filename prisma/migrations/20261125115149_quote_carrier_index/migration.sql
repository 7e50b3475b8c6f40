-- CreateIndex
CREATE INDEX "Quote_carrierAccountId_status_idx" ON "Quote"("carrierAccountId", "status");
