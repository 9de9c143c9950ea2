-- CreateTable
CREATE TABLE "FileChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "threadId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "toolCallId" TEXT,
    "path" TEXT NOT NULL,
    "existed" BOOLEAN NOT NULL,
    "before" TEXT,
    "kept" BOOLEAN NOT NULL,
    "afterHash" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FileChange_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "FileChange_threadId_position_idx" ON "FileChange"("threadId", "position");
