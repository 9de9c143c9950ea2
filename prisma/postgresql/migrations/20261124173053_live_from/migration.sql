-- AlterTable
ALTER TABLE "Thread" ADD COLUMN     "liveFrom" INTEGER;
