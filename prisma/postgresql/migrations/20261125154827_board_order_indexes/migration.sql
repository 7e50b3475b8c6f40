-- CreateIndex
CREATE INDEX "Job_startDate_id_idx" ON "Job"("startDate", "id");

-- CreateIndex
CREATE INDEX "Job_publishedAt_id_idx" ON "Job"("publishedAt", "id");
