-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "loadingMethod" TEXT;
