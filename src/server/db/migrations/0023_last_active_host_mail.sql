-- Hand-written (issue 34): a chapter's 'Last Active' counts the email its hosts wrote, not the
-- reminders and notices the schedule sends by itself (a lapsed chapter must not look active
-- because its reminders keep going). Same function as migration 0007, one condition more.
CREATE OR REPLACE FUNCTION "chapters_refresh_last_active"("chapter" integer) RETURNS void
LANGUAGE sql AS $$
  UPDATE "chapters" SET "last_active_at" = greatest(
    (SELECT max("created_at") FROM "chapter_blog_posts" WHERE "chapter_id" = "chapter"),
    (SELECT max("created_at") FROM "mailing_messages" WHERE "chapter_id" = "chapter" AND "kind" = 'host')
  ) WHERE "id" = "chapter";
$$;
