-- Thread search folds accents, as SQLite FTS5 does (unicode61 remove_diacritics 2): cafe finds
-- café and café finds cafe. Written by hand: Prisma models neither dictionaries nor expression
-- indexes. The unaccent extension ships with PostgreSQL (contrib, in the Debian postgresql
-- package) and is a trusted extension: a database owner may create it without being superuser.
-- (No semicolon in these comments: the migration engine splits the script at each one.)
CREATE EXTENSION IF NOT EXISTS unaccent;

-- The simple configuration (words lower-cased, kept whole: no stemming, no stop words) with the
-- accents removed first. Only words with letters beyond ASCII can carry one.
CREATE TEXT SEARCH CONFIGURATION baton_search (COPY = simple);
ALTER TEXT SEARCH CONFIGURATION baton_search ALTER MAPPING FOR word, hword, hword_part WITH unaccent, simple;

-- The index server/store/thread-search-postgresql.ts queries, with the very same expression.
DROP INDEX "ThreadSearchText_text_search_idx";
CREATE INDEX "ThreadSearchText_text_search_idx" ON "ThreadSearchText" USING GIN (to_tsvector('baton_search'::regconfig, "text"));
