-- CreateTable
CREATE TABLE "MessageRead" (
    "messageId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "readAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MessageRead_pkey" PRIMARY KEY ("messageId","userId")
);

-- CreateIndex
CREATE INDEX "MessageRead_userId_idx" ON "MessageRead"("userId");

-- CreateIndex
CREATE INDEX "Message_fromAccountId_createdAt_idx" ON "Message"("fromAccountId", "createdAt");

-- AddForeignKey
ALTER TABLE "MessageRead" ADD CONSTRAINT "MessageRead_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageRead" ADD CONSTRAINT "MessageRead_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Messages already sent were never counted unread by the sender's colleagues: they stay read for
-- everyone already on the account when they were sent.
INSERT INTO "MessageRead" ("messageId", "userId")
SELECT m."id", u."id" FROM "Message" m
JOIN "User" u ON u."accountId" = m."fromAccountId" AND u."id" <> m."fromUserId" AND u."createdAt" <= m."createdAt";
