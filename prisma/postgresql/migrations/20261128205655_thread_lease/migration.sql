-- CreateTable
CREATE TABLE "ThreadLease" (
    "threadId" TEXT NOT NULL,
    "relayId" TEXT NOT NULL,
    "fencing" BIGINT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ThreadLease_pkey" PRIMARY KEY ("threadId")
);

-- AddForeignKey
ALTER TABLE "ThreadLease" ADD CONSTRAINT "ThreadLease_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread"("id") ON DELETE CASCADE ON UPDATE CASCADE;
