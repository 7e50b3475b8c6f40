-- CreateTable
CREATE TABLE "EmailOptOut" (
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailOptOut_pkey" PRIMARY KEY ("userId","kind")
);

-- CreateTable
CREATE TABLE "EmailItem" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "notificationId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "jobId" INTEGER,
    "loadId" INTEGER,
    "quoteId" INTEGER,
    "messageId" INTEGER,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "emailId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SentEmail" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SentEmail_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "EmailOptOut" ADD CONSTRAINT "EmailOptOut_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailItem" ADD CONSTRAINT "EmailItem_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailItem" ADD CONSTRAINT "EmailItem_notificationId_fkey" FOREIGN KEY ("notificationId") REFERENCES "Notification"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailItem" ADD CONSTRAINT "EmailItem_emailId_fkey" FOREIGN KEY ("emailId") REFERENCES "SentEmail"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SentEmail" ADD CONSTRAINT "SentEmail_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
