-- AlterTable
ALTER TABLE "JobLocation" ADD COLUMN     "contactName" TEXT,
ADD COLUMN     "contactPhone" TEXT;

-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "messageId" INTEGER;

-- CreateTable
CREATE TABLE "LoadEvent" (
    "id" SERIAL NOT NULL,
    "loadId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoadEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LoadEvent_loadId_createdAt_idx" ON "LoadEvent"("loadId", "createdAt");

-- CreateIndex
CREATE INDEX "LoadEvent_userId_idx" ON "LoadEvent"("userId");

-- CreateIndex
CREATE INDEX "Notification_messageId_idx" ON "Notification"("messageId");

-- AddForeignKey
ALTER TABLE "LoadEvent" ADD CONSTRAINT "LoadEvent_loadId_fkey" FOREIGN KEY ("loadId") REFERENCES "Load"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoadEvent" ADD CONSTRAINT "LoadEvent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;
