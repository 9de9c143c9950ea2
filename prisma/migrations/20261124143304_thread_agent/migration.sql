-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Thread" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modifiedAt" DATETIME NOT NULL,
    "agent" TEXT NOT NULL DEFAULT 'builtin',
    "agentSessionId" TEXT
);
INSERT INTO "new_Thread" ("createdAt", "id", "modifiedAt", "title") SELECT "createdAt", "id", "modifiedAt", "title" FROM "Thread";
DROP TABLE "Thread";
ALTER TABLE "new_Thread" RENAME TO "Thread";
CREATE INDEX "Thread_modifiedAt_idx" ON "Thread"("modifiedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
