-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Thread" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modifiedAt" TIMESTAMP(3) NOT NULL,
    "agent" TEXT NOT NULL DEFAULT 'builtin',
    "agentSessionId" TEXT,
    "entriesSeq" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Thread_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ThreadEntry" (
    "threadId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ThreadEntry_pkey" PRIMARY KEY ("threadId","seq")
);

-- CreateTable
CREATE TABLE "ThreadEvent" (
    "threadId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ThreadEvent_pkey" PRIMARY KEY ("threadId","seq")
);

-- CreateIndex
CREATE INDEX "Thread_modifiedAt_id_idx" ON "Thread"("modifiedAt", "id");

-- CreateIndex
CREATE INDEX "ThreadEvent_threadId_type_seq_idx" ON "ThreadEvent"("threadId", "type", "seq");

-- AddForeignKey
ALTER TABLE "ThreadEntry" ADD CONSTRAINT "ThreadEntry_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ThreadEvent" ADD CONSTRAINT "ThreadEvent_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread"("id") ON DELETE CASCADE ON UPDATE CASCADE;
