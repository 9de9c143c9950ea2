-- AlterTable
ALTER TABLE "Thread" ADD COLUMN     "archivedAt" TIMESTAMP(3),
ADD COLUMN     "deletedAt" TIMESTAMP(3),
ADD COLUMN     "lastSessionTokens" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "model" TEXT,
ADD COLUMN     "usageCost" DOUBLE PRECISION,
ADD COLUMN     "usageTokens" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "FileChange" (
    "id" SERIAL NOT NULL,
    "threadId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "toolCallId" TEXT,
    "path" TEXT NOT NULL,
    "existed" BOOLEAN NOT NULL,
    "before" TEXT,
    "kept" BOOLEAN NOT NULL,
    "afterHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FileChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ThreadSearchText" (
    "id" SERIAL NOT NULL,
    "threadId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "ThreadSearchText_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FileChange_threadId_position_idx" ON "FileChange"("threadId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "ThreadSearchText_threadId_seq_key" ON "ThreadSearchText"("threadId", "seq");

-- AddForeignKey
ALTER TABLE "FileChange" ADD CONSTRAINT "FileChange_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ThreadSearchText" ADD CONSTRAINT "ThreadSearchText_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Full-text search (written by hand: Prisma does not model expression indexes). The counterpart of
-- SQLite's FTS5 table "ThreadSearch": a GIN index on the words of "ThreadSearchText"."text", which
-- server/store/thread-search-postgresql.ts queries with the very same expression, so that the
-- planner uses it. No triggers: PostgreSQL keeps an index in step with its table itself.
CREATE INDEX "ThreadSearchText_text_search_idx" ON "ThreadSearchText" USING GIN (to_tsvector('simple', "text"));

-- The threads and entries stored before this migration, with the text server/store/thread-search.ts
-- takes from each entry type.
INSERT INTO "ThreadSearchText" ("threadId", "seq", "text") SELECT "id", -1, "title" FROM "Thread";
INSERT INTO "ThreadSearchText" ("threadId", "seq", "text")
SELECT "threadId", "seq", "text" FROM (
  SELECT "threadId", "seq", CASE "type"
    WHEN 'message' THEN (SELECT string_agg("chunk" ->> 'chunk', '' ORDER BY "ordinal") FROM jsonb_array_elements("data"::jsonb -> 'chunks') WITH ORDINALITY AS "chunks"("chunk", "ordinal"))
    WHEN 'reasoning' THEN "data"::jsonb ->> 'text'
    WHEN 'toolCall' THEN concat_ws(' ', "data"::jsonb ->> 'name', "data"::jsonb ->> 'summary', "data"::jsonb ->> 'argumentsText')
    WHEN 'readFile' THEN "data"::jsonb ->> 'path'
    WHEN 'link' THEN concat_ws(' ', "data"::jsonb ->> 'title', "data"::jsonb ->> 'url')
  END AS "text" FROM "ThreadEntry"
) AS "entryTexts" WHERE "text" IS NOT NULL AND "text" <> '';
