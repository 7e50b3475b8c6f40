-- CreateTable
CREATE TABLE "Account" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "User" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "accountId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "User_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" INTEGER,
    "data" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "action" TEXT NOT NULL,
    "actorId" INTEGER NOT NULL,
    "targetId" INTEGER,
    "data" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "AnalyticsEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "data" TEXT NOT NULL DEFAULT '{}',
    "userId" INTEGER,
    "accountId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ClientError" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "message" TEXT NOT NULL,
    "source" TEXT,
    "stack" TEXT,
    "url" TEXT,
    "userAgent" TEXT,
    "userId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Job" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shipperAccountId" INTEGER NOT NULL,
    "createdById" INTEGER NOT NULL,
    "reference" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "jobType" TEXT NOT NULL,
    "startDate" DATETIME,
    "endDate" DATETIME,
    "frequency" TEXT,
    "contractDuration" TEXT,
    "numberOfLoads" INTEGER,
    "callOffLoadType" TEXT,
    "expectedQuantity" INTEGER NOT NULL DEFAULT 1,
    "loadType" TEXT NOT NULL,
    "loadCondition" TEXT,
    "vehicleTypes" TEXT NOT NULL DEFAULT '[]',
    "vehicleSpec" TEXT,
    "requiredCertifications" TEXT NOT NULL DEFAULT '[]',
    "palletType" TEXT,
    "quantityEu" INTEGER,
    "quantityStandard" INTEGER,
    "quantityEuDouble" INTEGER,
    "quantityStandardDouble" INTEGER,
    "quantityOther" INTEGER,
    "palletSize" TEXT,
    "containerSize" TEXT,
    "loadQuantity" INTEGER,
    "totalWeightKg" INTEGER,
    "additionalNotes" TEXT,
    "customsPaperwork" TEXT,
    "timezone" TEXT NOT NULL DEFAULT 'Europe/London',
    "additionalData" TEXT NOT NULL DEFAULT '{}',
    "assignedDriverId" INTEGER,
    "isAuction" BOOLEAN NOT NULL DEFAULT false,
    "auctionOpensAt" DATETIME,
    "auctionClosesAt" DATETIME,
    "secureNowPriceCents" INTEGER,
    "firstBidPercentage" INTEGER NOT NULL DEFAULT 100,
    "secondBidPercentage" INTEGER NOT NULL DEFAULT 0,
    "thirdBidPercentage" INTEGER NOT NULL DEFAULT 0,
    "publishedAt" DATETIME,
    "awardedAt" DATETIME,
    "cancelledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Job_shipperAccountId_fkey" FOREIGN KEY ("shipperAccountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Job_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Job_assignedDriverId_fkey" FOREIGN KEY ("assignedDriverId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JobLocation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "jobId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "fullAddress" TEXT,
    "address" TEXT,
    "city" TEXT,
    "postCode" TEXT,
    "region" TEXT,
    "countryCode" TEXT,
    "companyName" TEXT,
    "latitude" REAL,
    "longitude" REAL,
    "windowDate" DATETIME,
    "windowFrom" TEXT,
    "windowTo" TEXT,
    CONSTRAINT "JobLocation_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Quote" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "jobId" INTEGER NOT NULL,
    "carrierAccountId" INTEGER NOT NULL,
    "placedById" INTEGER NOT NULL,
    "valueCents" INTEGER NOT NULL,
    "numberOfLoads" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "securedNow" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Quote_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Quote_carrierAccountId_fkey" FOREIGN KEY ("carrierAccountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Quote_placedById_fkey" FOREIGN KEY ("placedById") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Load" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "jobId" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "carrierAccountId" INTEGER,
    "quoteId" INTEGER,
    "driverId" INTEGER,
    "status" TEXT NOT NULL,
    "priceCents" INTEGER,
    "pickupDate" DATETIME,
    "deliveryDate" DATETIME,
    "collectedAt" DATETIME,
    "deliveredAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Load_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Load_carrierAccountId_fkey" FOREIGN KEY ("carrierAccountId") REFERENCES "Account" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Load_quoteId_fkey" FOREIGN KEY ("quoteId") REFERENCES "Quote" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Load_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LoadStop" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "loadId" INTEGER NOT NULL,
    "jobLocationId" INTEGER NOT NULL,
    "windowDate" DATETIME,
    CONSTRAINT "LoadStop_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "LoadStop_jobLocationId_fkey" FOREIGN KEY ("jobLocationId") REFERENCES "JobLocation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Message" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "jobId" INTEGER NOT NULL,
    "loadId" INTEGER,
    "fromUserId" INTEGER NOT NULL,
    "fromAccountId" INTEGER NOT NULL,
    "toAccountId" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "readAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Message_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Message_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Message_fromUserId_fkey" FOREIGN KEY ("fromUserId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Message_fromAccountId_fkey" FOREIGN KEY ("fromAccountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Message_toAccountId_fkey" FOREIGN KEY ("toAccountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "path" TEXT,
    "readAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_accountId_idx" ON "User"("accountId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "AuditLog_actorId_idx" ON "AuditLog"("actorId");

-- CreateIndex
CREATE INDEX "AuditLog_createdAt_idx" ON "AuditLog"("createdAt");

-- CreateIndex
CREATE INDEX "AnalyticsEvent_name_createdAt_idx" ON "AnalyticsEvent"("name", "createdAt");

-- CreateIndex
CREATE INDEX "ClientError_createdAt_idx" ON "ClientError"("createdAt");

-- CreateIndex
CREATE INDEX "Job_shipperAccountId_status_idx" ON "Job"("shipperAccountId", "status");

-- CreateIndex
CREATE INDEX "Job_status_startDate_idx" ON "Job"("status", "startDate");

-- CreateIndex
CREATE INDEX "Job_status_auctionClosesAt_idx" ON "Job"("status", "auctionClosesAt");

-- CreateIndex
CREATE INDEX "JobLocation_jobId_kind_position_idx" ON "JobLocation"("jobId", "kind", "position");

-- CreateIndex
CREATE INDEX "JobLocation_kind_region_idx" ON "JobLocation"("kind", "region");

-- CreateIndex
CREATE INDEX "Quote_jobId_status_idx" ON "Quote"("jobId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Quote_jobId_carrierAccountId_key" ON "Quote"("jobId", "carrierAccountId");

-- CreateIndex
CREATE INDEX "Load_carrierAccountId_status_idx" ON "Load"("carrierAccountId", "status");

-- CreateIndex
CREATE INDEX "Load_driverId_status_idx" ON "Load"("driverId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Load_jobId_sequence_key" ON "Load"("jobId", "sequence");

-- CreateIndex
CREATE INDEX "LoadStop_loadId_idx" ON "LoadStop"("loadId");

-- CreateIndex
CREATE INDEX "Message_toAccountId_readAt_idx" ON "Message"("toAccountId", "readAt");

-- CreateIndex
CREATE INDEX "Message_jobId_loadId_createdAt_idx" ON "Message"("jobId", "loadId", "createdAt");

-- CreateIndex
CREATE INDEX "Notification_userId_readAt_createdAt_idx" ON "Notification"("userId", "readAt", "createdAt");
