-- Threads recorded before the store read a cost written with the dollar sign ("$0.0018", as the
-- built-in agent and ECA write a turn's cost) have no total cost in their header: add up their
-- priced turns from the usage events the thread keeps. Only threads with no total yet are touched,
-- and only costs that are a dollar sign and a plain decimal (what thread-facts.ts reads now).
-- (No semicolon in these comments: the migration engine splits the script at each one.)
UPDATE "Thread" SET "usageCost" = "priced"."cost"
FROM (
  SELECT "threadId", SUM(CAST(regexp_replace(btrim("content"::jsonb ->> 'lastMessageCost'), '^\$\s*', '') AS DOUBLE PRECISION)) AS "cost"
  FROM "ThreadEvent"
  WHERE "type" = 'usage' AND btrim("content"::jsonb ->> 'lastMessageCost') ~ '^\$\s*[0-9]+(\.[0-9]+)?$'
  GROUP BY "threadId"
) AS "priced"
WHERE "priced"."threadId" = "Thread"."id" AND "Thread"."usageCost" IS NULL;
