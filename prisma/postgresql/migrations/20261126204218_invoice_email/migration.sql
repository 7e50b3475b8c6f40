-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "emailPending" BOOLEAN NOT NULL DEFAULT false;
