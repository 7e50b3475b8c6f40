-- CreateIndex
CREATE INDEX "Job_endDate_idx" ON "Job"("endDate");
