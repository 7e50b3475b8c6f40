-- CreateTable
CREATE TABLE "SupportConversation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "lastMessageAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SupportConversation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SupportMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "conversationId" INTEGER NOT NULL,
    "fromUserId" INTEGER NOT NULL,
    "fromSupport" BOOLEAN NOT NULL,
    "body" TEXT NOT NULL,
    "readAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SupportMessage_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "SupportConversation" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SupportMessage_fromUserId_fkey" FOREIGN KEY ("fromUserId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ContractAcceptance" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "quoteId" INTEGER NOT NULL,
    "jobId" INTEGER NOT NULL,
    "carrierAccountId" INTEGER NOT NULL,
    "signerName" TEXT NOT NULL,
    "signedAt" DATETIME NOT NULL,
    "signatureBlobId" INTEGER,
    "provider" TEXT NOT NULL,
    "providerReference" TEXT,
    "signedById" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ContractAcceptance_quoteId_fkey" FOREIGN KEY ("quoteId") REFERENCES "Quote" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ContractAcceptance_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ContractAcceptance_carrierAccountId_fkey" FOREIGN KEY ("carrierAccountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ContractAcceptance_signatureBlobId_fkey" FOREIGN KEY ("signatureBlobId") REFERENCES "FileBlob" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "ContractAcceptance_signedById_fkey" FOREIGN KEY ("signedById") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "SupportConversation_userId_key" ON "SupportConversation"("userId");

-- CreateIndex
CREATE INDEX "SupportConversation_lastMessageAt_idx" ON "SupportConversation"("lastMessageAt");

-- CreateIndex
CREATE INDEX "SupportMessage_conversationId_id_idx" ON "SupportMessage"("conversationId", "id");

-- CreateIndex
CREATE INDEX "SupportMessage_fromSupport_readAt_idx" ON "SupportMessage"("fromSupport", "readAt");

-- CreateIndex
CREATE UNIQUE INDEX "ContractAcceptance_quoteId_key" ON "ContractAcceptance"("quoteId");

-- CreateIndex
CREATE INDEX "ContractAcceptance_jobId_idx" ON "ContractAcceptance"("jobId");
