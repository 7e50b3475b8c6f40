-- AlterTable
ALTER TABLE "JobLocation" ADD COLUMN "bookingReference" TEXT;
