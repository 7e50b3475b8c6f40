-- CreateTable
CREATE TABLE "Pool" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shipperAccountId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "createdById" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "PoolMember" (
    "poolId" INTEGER NOT NULL,
    "carrierAccountId" INTEGER NOT NULL,
    "addedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("poolId", "carrierAccountId"),
    CONSTRAINT "PoolMember_poolId_fkey" FOREIGN KEY ("poolId") REFERENCES "Pool" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PoolInvitation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "poolId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "tokenDigest" TEXT NOT NULL,
    "invitedById" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "acceptedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PoolInvitation_poolId_fkey" FOREIGN KEY ("poolId") REFERENCES "Pool" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JobPool" (
    "jobId" INTEGER NOT NULL,
    "poolId" INTEGER NOT NULL,

    PRIMARY KEY ("jobId", "poolId"),
    CONSTRAINT "JobPool_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JobPool_poolId_fkey" FOREIGN KEY ("poolId") REFERENCES "Pool" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JobView" (
    "jobId" INTEGER NOT NULL,
    "carrierAccountId" INTEGER NOT NULL,
    "firstViewedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("jobId", "carrierAccountId"),
    CONSTRAINT "JobView_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "accountId" INTEGER NOT NULL,
    "createdById" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "digest" TEXT NOT NULL,
    "scopes" TEXT NOT NULL DEFAULT '[]',
    "expiresAt" DATETIME,
    "revokedAt" DATETIME,
    "lastUsedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "IdempotencyKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "apiKeyId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "requestDigest" TEXT NOT NULL,
    "responseStatus" INTEGER,
    "responseBody" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "accountId" INTEGER NOT NULL,
    "createdById" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL DEFAULT '[]',
    "secret" TEXT NOT NULL,
    "previousSecret" TEXT,
    "previousSecretUntil" DATETIME,
    "disabledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "endpointId" INTEGER NOT NULL,
    "messageId" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME,
    "claimedUntil" DATETIME,
    "deliveredAt" DATETIME,
    "failedAt" DATETIME,
    "lastStatus" INTEGER,
    "lastResponse" TEXT,
    "lastAttemptAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Job" (
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
    "loadingMethod" TEXT,
    "paymentTermsDays" INTEGER,
    "freeWaitingMinutes" INTEGER,
    "waitingRatePence" INTEGER,
    "minimumCargoCoverPence" INTEGER,
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
    "co2eGramsPerLoad" INTEGER,
    "audience" TEXT NOT NULL DEFAULT 'market',
    "onMarket" BOOLEAN NOT NULL DEFAULT true,
    "marketAt" DATETIME,
    "marketReachedAt" DATETIME,
    "marketSkippedAt" DATETIME,
    "quoteDeadline" DATETIME,
    "closeAtDeadline" BOOLEAN NOT NULL DEFAULT false,
    "deadlineNotifiedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Job_shipperAccountId_fkey" FOREIGN KEY ("shipperAccountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Job_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Job_assignedDriverId_fkey" FOREIGN KEY ("assignedDriverId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Job" ("additionalData", "additionalNotes", "assignedDriverId", "auctionClosesAt", "auctionOpensAt", "awardedAt", "callOffLoadType", "cancelledAt", "co2eGramsPerLoad", "containerSize", "contractDuration", "createdAt", "createdById", "customsPaperwork", "endDate", "expectedQuantity", "firstBidPercentage", "freeWaitingMinutes", "frequency", "id", "isAuction", "jobType", "loadCondition", "loadQuantity", "loadType", "loadingMethod", "minimumCargoCoverPence", "numberOfLoads", "palletSize", "palletType", "paymentTermsDays", "publishedAt", "quantityEu", "quantityEuDouble", "quantityOther", "quantityStandard", "quantityStandardDouble", "reference", "requiredCertifications", "secondBidPercentage", "secureNowPriceCents", "shipperAccountId", "startDate", "status", "thirdBidPercentage", "timezone", "totalWeightKg", "updatedAt", "vehicleSpec", "vehicleTypes", "waitingRatePence") SELECT "additionalData", "additionalNotes", "assignedDriverId", "auctionClosesAt", "auctionOpensAt", "awardedAt", "callOffLoadType", "cancelledAt", "co2eGramsPerLoad", "containerSize", "contractDuration", "createdAt", "createdById", "customsPaperwork", "endDate", "expectedQuantity", "firstBidPercentage", "freeWaitingMinutes", "frequency", "id", "isAuction", "jobType", "loadCondition", "loadQuantity", "loadType", "loadingMethod", "minimumCargoCoverPence", "numberOfLoads", "palletSize", "palletType", "paymentTermsDays", "publishedAt", "quantityEu", "quantityEuDouble", "quantityOther", "quantityStandard", "quantityStandardDouble", "reference", "requiredCertifications", "secondBidPercentage", "secureNowPriceCents", "shipperAccountId", "startDate", "status", "thirdBidPercentage", "timezone", "totalWeightKg", "updatedAt", "vehicleSpec", "vehicleTypes", "waitingRatePence" FROM "Job";
DROP TABLE "Job";
ALTER TABLE "new_Job" RENAME TO "Job";
CREATE INDEX "Job_shipperAccountId_status_idx" ON "Job"("shipperAccountId", "status");
CREATE INDEX "Job_status_startDate_idx" ON "Job"("status", "startDate");
CREATE INDEX "Job_status_auctionClosesAt_idx" ON "Job"("status", "auctionClosesAt");
CREATE INDEX "Job_startDate_id_idx" ON "Job"("startDate", "id");
CREATE INDEX "Job_publishedAt_id_idx" ON "Job"("publishedAt", "id");
CREATE INDEX "Job_endDate_idx" ON "Job"("endDate");
CREATE INDEX "Job_onMarket_marketAt_idx" ON "Job"("onMarket", "marketAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Pool_shipperAccountId_name_key" ON "Pool"("shipperAccountId", "name");

-- CreateIndex
CREATE INDEX "PoolMember_carrierAccountId_idx" ON "PoolMember"("carrierAccountId");

-- CreateIndex
CREATE UNIQUE INDEX "PoolInvitation_tokenDigest_key" ON "PoolInvitation"("tokenDigest");

-- CreateIndex
CREATE INDEX "PoolInvitation_poolId_idx" ON "PoolInvitation"("poolId");

-- CreateIndex
CREATE INDEX "JobPool_poolId_idx" ON "JobPool"("poolId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_digest_key" ON "ApiKey"("digest");

-- CreateIndex
CREATE INDEX "ApiKey_accountId_idx" ON "ApiKey"("accountId");

-- CreateIndex
CREATE INDEX "IdempotencyKey_expiresAt_idx" ON "IdempotencyKey"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotencyKey_apiKeyId_key_key" ON "IdempotencyKey"("apiKeyId", "key");

-- CreateIndex
CREATE INDEX "WebhookEndpoint_accountId_idx" ON "WebhookEndpoint"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_messageId_key" ON "WebhookDelivery"("messageId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_nextAttemptAt_idx" ON "WebhookDelivery"("nextAttemptAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_createdAt_idx" ON "WebhookDelivery"("endpointId", "createdAt");
