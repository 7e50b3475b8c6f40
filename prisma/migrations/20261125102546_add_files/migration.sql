-- CreateTable
CREATE TABLE "FileBlob" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "checksum" TEXT NOT NULL,
    "use" TEXT NOT NULL,
    "uploadedById" INTEGER NOT NULL,
    "storedAt" DATETIME,
    "width" INTEGER,
    "height" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FileBlob_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Attachment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "blobId" INTEGER NOT NULL,
    "jobId" INTEGER,
    "loadId" INTEGER,
    "kind" TEXT NOT NULL,
    "addedById" INTEGER NOT NULL,
    "proofId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Attachment_blobId_fkey" FOREIGN KEY ("blobId") REFERENCES "FileBlob" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Attachment_proofId_fkey" FOREIGN KEY ("proofId") REFERENCES "ProofOfDelivery" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Attachment_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Attachment_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Attachment_addedById_fkey" FOREIGN KEY ("addedById") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProofOfDelivery" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "loadId" INTEGER NOT NULL,
    "recipientName" TEXT NOT NULL,
    "deliveredAt" DATETIME NOT NULL,
    "latitude" REAL,
    "longitude" REAL,
    "signatureBlobId" INTEGER,
    "recordedById" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ProofOfDelivery_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProofOfDelivery_signatureBlobId_fkey" FOREIGN KEY ("signatureBlobId") REFERENCES "FileBlob" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "ProofOfDelivery_recordedById_fkey" FOREIGN KEY ("recordedById") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ComplianceDocument" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "accountId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "licenceType" TEXT,
    "coverPence" INTEGER,
    "expiresOn" DATETIME NOT NULL,
    "blobId" INTEGER,
    "updatedById" INTEGER NOT NULL,
    "reminded30At" DATETIME,
    "reminded7At" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ComplianceDocument_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ComplianceDocument_blobId_fkey" FOREIGN KEY ("blobId") REFERENCES "FileBlob" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "ComplianceDocument_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "FileBlob_key_key" ON "FileBlob"("key");

-- CreateIndex
CREATE INDEX "FileBlob_storedAt_createdAt_idx" ON "FileBlob"("storedAt", "createdAt");

-- CreateIndex
CREATE INDEX "Attachment_jobId_idx" ON "Attachment"("jobId");

-- CreateIndex
CREATE INDEX "Attachment_loadId_idx" ON "Attachment"("loadId");

-- CreateIndex
CREATE INDEX "Attachment_blobId_idx" ON "Attachment"("blobId");

-- CreateIndex
CREATE UNIQUE INDEX "ProofOfDelivery_loadId_key" ON "ProofOfDelivery"("loadId");

-- CreateIndex
CREATE INDEX "ComplianceDocument_expiresOn_idx" ON "ComplianceDocument"("expiresOn");

-- CreateIndex
CREATE UNIQUE INDEX "ComplianceDocument_accountId_kind_key" ON "ComplianceDocument"("accountId", "kind");
