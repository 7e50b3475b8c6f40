-- DropIndex
DROP INDEX "JobLocation_kind_region_idx";
