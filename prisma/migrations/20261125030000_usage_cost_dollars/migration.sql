-- Threads recorded before the store read a cost written with the dollar sign ("$0.0018", as the
-- built-in agent and ECA write a turn's cost) have no total cost in their header: add up their
-- priced turns from the usage events the thread keeps. Only threads with no total yet are touched,
-- and only costs that are a dollar sign and a plain decimal (what thread-facts.ts reads now).
-- (No semicolon in these comments: the migration engine splits the script at each one.)
UPDATE "Thread" SET "usageCost" = (
  SELECT SUM(CAST(TRIM(SUBSTR(TRIM(json_extract("content", '$.lastMessageCost')), 2)) AS REAL))
  FROM "ThreadEvent"
  WHERE "ThreadEvent"."threadId" = "Thread"."id" AND "ThreadEvent"."type" = 'usage'
    AND TRIM(json_extract("content", '$.lastMessageCost')) GLOB '$*[0-9]*'
    AND TRIM(SUBSTR(TRIM(json_extract("content", '$.lastMessageCost')), 2)) NOT GLOB '*[^0-9.]*'
)
WHERE "usageCost" IS NULL AND EXISTS (
  SELECT 1 FROM "ThreadEvent"
  WHERE "ThreadEvent"."threadId" = "Thread"."id" AND "ThreadEvent"."type" = 'usage'
    AND TRIM(json_extract("content", '$.lastMessageCost')) GLOB '$*[0-9]*'
    AND TRIM(SUBSTR(TRIM(json_extract("content", '$.lastMessageCost')), 2)) NOT GLOB '*[^0-9.]*'
);
