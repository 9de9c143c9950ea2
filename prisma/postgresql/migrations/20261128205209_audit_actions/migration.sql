-- CreateTable
CREATE TABLE "AuditAction" (
    "id" SERIAL NOT NULL,
    "threadId" TEXT NOT NULL,
    "actorKind" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "toolCallId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditAction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditAction_createdAt_idx" ON "AuditAction"("createdAt");

-- CreateIndex
CREATE INDEX "AuditAction_threadId_createdAt_idx" ON "AuditAction"("threadId", "createdAt");
