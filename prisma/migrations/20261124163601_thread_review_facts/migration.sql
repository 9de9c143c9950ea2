-- The thread's header facts (issue 11, Review). Added columns rather than the engine's table
-- redefinition: the same schema, and no copy of every thread row.
ALTER TABLE "Thread" ADD COLUMN "model" TEXT;
ALTER TABLE "Thread" ADD COLUMN "usageTokens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Thread" ADD COLUMN "usageCost" REAL;
ALTER TABLE "Thread" ADD COLUMN "lastSessionTokens" INTEGER NOT NULL DEFAULT 0;
