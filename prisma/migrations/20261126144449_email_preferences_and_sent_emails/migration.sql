-- CreateTable
CREATE TABLE "EmailOptOut" (
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "kind"),
    CONSTRAINT "EmailOptOut_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EmailItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "notificationId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "jobId" INTEGER,
    "loadId" INTEGER,
    "quoteId" INTEGER,
    "messageId" INTEGER,
    "dueAt" DATETIME NOT NULL,
    "emailId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EmailItem_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "EmailItem_notificationId_fkey" FOREIGN KEY ("notificationId") REFERENCES "Notification" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "EmailItem_emailId_fkey" FOREIGN KEY ("emailId") REFERENCES "SentEmail" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SentEmail" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "sentAt" DATETIME NOT NULL,
    CONSTRAINT "SentEmail_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "EmailItem_notificationId_key" ON "EmailItem"("notificationId");

-- CreateIndex
CREATE INDEX "EmailItem_emailId_createdAt_idx" ON "EmailItem"("emailId", "createdAt");

-- CreateIndex
CREATE INDEX "EmailItem_userId_kind_topic_idx" ON "EmailItem"("userId", "kind", "topic");

-- CreateIndex
CREATE UNIQUE INDEX "SentEmail_key_key" ON "SentEmail"("key");

-- CreateIndex
CREATE INDEX "SentEmail_userId_kind_topic_sentAt_idx" ON "SentEmail"("userId", "kind", "topic", "sentAt");
