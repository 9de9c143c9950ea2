-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Thread" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modifiedAt" DATETIME NOT NULL,
    "agent" TEXT NOT NULL DEFAULT 'builtin',
    "agentSessionId" TEXT,
    "entriesSeq" INTEGER NOT NULL DEFAULT 0
);
-- Before this migration every event was stored together with the entries it changed, so the stored
-- entries stand at the thread's last event.
INSERT INTO "new_Thread" ("agent", "agentSessionId", "createdAt", "id", "modifiedAt", "title", "entriesSeq") SELECT "agent", "agentSessionId", "createdAt", "id", "modifiedAt", "title", COALESCE((SELECT MAX("seq") FROM "ThreadEvent" WHERE "ThreadEvent"."threadId" = "Thread"."id"), 0) FROM "Thread";
DROP TABLE "Thread";
ALTER TABLE "new_Thread" RENAME TO "Thread";
CREATE INDEX "Thread_modifiedAt_id_idx" ON "Thread"("modifiedAt", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
