-- DropIndex
DROP INDEX "ThreadEvent_threadId_type_seq_idx";

-- Written by hand (server/store/last-event-of-type.ts says why), for the Prisma schema cannot say
-- a partial index. Only the last progress and usage events are looked up by type, and an index of
-- the type of every event cost the new row of each streamed piece a page of its own in the log.
CREATE INDEX "ThreadEvent_progress_idx" ON "ThreadEvent"("threadId", "seq") WHERE "type" IN ('progress', 'run:progress');
CREATE INDEX "ThreadEvent_usage_idx" ON "ThreadEvent"("threadId", "seq") WHERE "type" IN ('usage', 'run:usage');
