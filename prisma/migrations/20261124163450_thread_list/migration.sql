-- AlterTable
ALTER TABLE "Thread" ADD COLUMN "archivedAt" DATETIME;
ALTER TABLE "Thread" ADD COLUMN "deletedAt" DATETIME;

-- CreateTable
CREATE TABLE "ThreadSearchText" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "threadId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    CONSTRAINT "ThreadSearchText_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ThreadSearchText_threadId_seq_key" ON "ThreadSearchText"("threadId", "seq");

-- Full-text search (written by hand: Prisma does not model virtual tables). An external-content
-- FTS5 index over "ThreadSearchText", which the store writes when it writes a title or entry rows
-- (never per streamed piece); these triggers keep the index in step with it, deletes and the
-- cascade from a deleted thread included. An update that leaves the text as it was is skipped by
-- the store's upsert, so a tool call's status change costs no re-indexing.
CREATE VIRTUAL TABLE "ThreadSearch" USING fts5("text", content='ThreadSearchText', content_rowid='id', tokenize='unicode61 remove_diacritics 2');

CREATE TRIGGER "ThreadSearchText_after_insert" AFTER INSERT ON "ThreadSearchText" BEGIN
  INSERT INTO "ThreadSearch" (rowid, "text") VALUES (new."id", new."text");
END;

CREATE TRIGGER "ThreadSearchText_after_delete" AFTER DELETE ON "ThreadSearchText" BEGIN
  INSERT INTO "ThreadSearch" ("ThreadSearch", rowid, "text") VALUES ('delete', old."id", old."text");
END;

CREATE TRIGGER "ThreadSearchText_after_update" AFTER UPDATE ON "ThreadSearchText" BEGIN
  INSERT INTO "ThreadSearch" ("ThreadSearch", rowid, "text") VALUES ('delete', old."id", old."text");
  INSERT INTO "ThreadSearch" (rowid, "text") VALUES (new."id", new."text");
END;

-- The threads and entries stored before this migration, with the text server/store/thread-search.ts
-- takes from each entry type.
INSERT INTO "ThreadSearchText" ("threadId", "seq", "text") SELECT "id", -1, "title" FROM "Thread";
INSERT INTO "ThreadSearchText" ("threadId", "seq", "text")
SELECT "threadId", "seq", "text" FROM (
  SELECT "threadId", "seq", CASE "type"
    WHEN 'message' THEN (SELECT group_concat(json_extract("chunk"."value", '$.chunk'), '') FROM json_each("data", '$.chunks') AS "chunk")
    WHEN 'reasoning' THEN json_extract("data", '$.text')
    WHEN 'toolCall' THEN concat_ws(' ', json_extract("data", '$.name'), json_extract("data", '$.summary'), json_extract("data", '$.argumentsText'))
    WHEN 'readFile' THEN json_extract("data", '$.path')
    WHEN 'link' THEN concat_ws(' ', json_extract("data", '$.title'), json_extract("data", '$.url'))
  END AS "text" FROM "ThreadEntry"
) WHERE "text" IS NOT NULL AND "text" <> '';
