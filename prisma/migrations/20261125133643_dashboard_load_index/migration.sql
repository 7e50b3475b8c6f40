-- CreateIndex
CREATE INDEX "Load_jobId_status_figures_idx" ON "Load"("jobId", "status", "deliveredAt", "pickupDate", "carrierAccountId", "priceCents", "collectedAt", "deliveryDate");
