-- AlterTable
ALTER TABLE "Vehicle" ADD COLUMN     "axles" INTEGER,
ADD COLUMN     "dvsPermit" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "grossWeightKg" INTEGER;

-- CreateTable
CREATE TABLE "VehicleAvailability" (
    "id" SERIAL NOT NULL,
    "accountId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "vehicleId" INTEGER,
    "vehicleType" TEXT NOT NULL,
    "fromPlace" TEXT NOT NULL,
    "fromLatitude" DOUBLE PRECISION NOT NULL,
    "fromLongitude" DOUBLE PRECISION NOT NULL,
    "availableFrom" TIMESTAMP(3) NOT NULL,
    "toPlace" TEXT NOT NULL,
    "toLatitude" DOUBLE PRECISION NOT NULL,
    "toLongitude" DOUBLE PRECISION NOT NULL,
    "availableUntil" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VehicleAvailability_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AvailabilityMatch" (
    "id" SERIAL NOT NULL,
    "availabilityId" INTEGER NOT NULL,
    "jobId" INTEGER NOT NULL,
    "emailedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AvailabilityMatch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "VehicleAvailability_accountId_availableUntil_idx" ON "VehicleAvailability"("accountId", "availableUntil");

-- CreateIndex
CREATE INDEX "VehicleAvailability_availableUntil_idx" ON "VehicleAvailability"("availableUntil");

-- CreateIndex
CREATE INDEX "AvailabilityMatch_emailedAt_idx" ON "AvailabilityMatch"("emailedAt");

-- CreateIndex
CREATE UNIQUE INDEX "AvailabilityMatch_availabilityId_jobId_key" ON "AvailabilityMatch"("availabilityId", "jobId");

-- CreateIndex
CREATE INDEX "Job_deadlineNotifiedAt_quoteDeadline_idx" ON "Job"("deadlineNotifiedAt", "quoteDeadline");

-- CreateIndex
CREATE INDEX "JobLocation_kind_windowDate_latitude_longitude_idx" ON "JobLocation"("kind", "windowDate", "latitude", "longitude");

-- AddForeignKey
ALTER TABLE "VehicleAvailability" ADD CONSTRAINT "VehicleAvailability_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VehicleAvailability" ADD CONSTRAINT "VehicleAvailability_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VehicleAvailability" ADD CONSTRAINT "VehicleAvailability_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AvailabilityMatch" ADD CONSTRAINT "AvailabilityMatch_availabilityId_fkey" FOREIGN KEY ("availabilityId") REFERENCES "VehicleAvailability"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AvailabilityMatch" ADD CONSTRAINT "AvailabilityMatch_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;
