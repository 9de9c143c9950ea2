-- The terms of the FTS5 index "ThreadSearch", one row per occurrence, in term order (written by
-- hand: Prisma does not model virtual tables; nothing to do on PostgreSQL). Search reads it to turn
-- the last word's prefix into the few whole terms it stands for (server/store/sqlite-prefix-terms.ts):
-- FTS5 answers a prefix query by merging every row of every such term before it returns the first,
-- which cost grows with the history; whole terms it walks newest first and stops at a LIMIT. An
-- fts5vocab table stores nothing of its own: it reads the index as it is.
CREATE VIRTUAL TABLE "ThreadSearchTerms" USING fts5vocab('ThreadSearch', 'instance');
