-- CreateTable
CREATE TABLE "AuditAction" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "threadId" TEXT NOT NULL,
    "actorKind" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "toolCallId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "AuditAction_createdAt_idx" ON "AuditAction"("createdAt");

-- CreateIndex
CREATE INDEX "AuditAction_threadId_createdAt_idx" ON "AuditAction"("threadId", "createdAt");
