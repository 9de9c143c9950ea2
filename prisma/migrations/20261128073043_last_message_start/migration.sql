-- AlterTable
ALTER TABLE "Thread" ADD COLUMN "lastMessageStart" TEXT;
