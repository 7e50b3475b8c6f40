-- CreateIndex
CREATE INDEX "JobLocation_kind_latitude_idx" ON "JobLocation"("kind", "latitude");
