-- AlterTable
ALTER TABLE "LoadStop" ADD COLUMN "arrivedAt" DATETIME;

-- CreateTable
CREATE TABLE "LoadPosition" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "loadId" INTEGER NOT NULL,
    "driverId" INTEGER NOT NULL,
    "latitude" REAL NOT NULL,
    "longitude" REAL NOT NULL,
    "accuracyM" REAL,
    "recordedAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LoadPosition_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "LoadPosition_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "LoadPosition_loadId_recordedAt_idx" ON "LoadPosition"("loadId", "recordedAt");
