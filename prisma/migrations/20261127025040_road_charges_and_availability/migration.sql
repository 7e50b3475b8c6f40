-- CreateTable
CREATE TABLE "VehicleAvailability" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "accountId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "vehicleId" INTEGER,
    "vehicleType" TEXT NOT NULL,
    "fromPlace" TEXT NOT NULL,
    "fromLatitude" REAL NOT NULL,
    "fromLongitude" REAL NOT NULL,
    "availableFrom" DATETIME NOT NULL,
    "toPlace" TEXT NOT NULL,
    "toLatitude" REAL NOT NULL,
    "toLongitude" REAL NOT NULL,
    "availableUntil" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VehicleAvailability_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "VehicleAvailability_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "VehicleAvailability_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AvailabilityMatch" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "availabilityId" INTEGER NOT NULL,
    "jobId" INTEGER NOT NULL,
    "emailedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AvailabilityMatch_availabilityId_fkey" FOREIGN KEY ("availabilityId") REFERENCES "VehicleAvailability" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AvailabilityMatch_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Vehicle" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "accountId" INTEGER NOT NULL,
    "registration" TEXT NOT NULL,
    "vehicleType" TEXT NOT NULL,
    "payloadKg" INTEGER NOT NULL,
    "euroStandard" TEXT NOT NULL,
    "tailLift" BOOLEAN NOT NULL DEFAULT false,
    "temperatureControlled" BOOLEAN NOT NULL DEFAULT false,
    "grossWeightKg" INTEGER,
    "axles" INTEGER,
    "dvsPermit" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Vehicle_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Vehicle" ("accountId", "createdAt", "euroStandard", "id", "payloadKg", "registration", "tailLift", "temperatureControlled", "updatedAt", "vehicleType") SELECT "accountId", "createdAt", "euroStandard", "id", "payloadKg", "registration", "tailLift", "temperatureControlled", "updatedAt", "vehicleType" FROM "Vehicle";
DROP TABLE "Vehicle";
ALTER TABLE "new_Vehicle" RENAME TO "Vehicle";
CREATE UNIQUE INDEX "Vehicle_accountId_registration_key" ON "Vehicle"("accountId", "registration");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

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
