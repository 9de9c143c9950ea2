-- CreateTable
CREATE TABLE "ThreadLease" (
    "threadId" TEXT NOT NULL PRIMARY KEY,
    "relayId" TEXT NOT NULL,
    "fencing" BIGINT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    CONSTRAINT "ThreadLease_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
