-- AlterTable
ALTER TABLE "Job" ADD COLUMN "co2eGramsPerLoad" INTEGER;
