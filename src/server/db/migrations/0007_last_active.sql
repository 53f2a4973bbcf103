ALTER TABLE "chapters" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mailing_messages_chapter_created_idx" ON "mailing_messages" USING btree ("chapter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- chapters.last_active_at is the later of the chapter's latest post and latest chapter email.
-- Triggers on both tables keep it, whatever writes them (routes, jobs, scripts, SQL by hand):
-- each change recomputes it for the chapters it touched, from the two indexes on
-- (chapter_id, created_at desc).
CREATE FUNCTION "chapters_refresh_last_active"("chapter" integer) RETURNS void
LANGUAGE sql AS $$
  UPDATE "chapters" SET "last_active_at" = greatest(
    (SELECT max("created_at") FROM "chapter_blog_posts" WHERE "chapter_id" = "chapter"),
    (SELECT max("created_at") FROM "mailing_messages" WHERE "chapter_id" = "chapter")
  ) WHERE "id" = "chapter";
$$;
--> statement-breakpoint
CREATE FUNCTION "chapters_last_active_trigger"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."chapter_id" IS NOT NULL THEN
    PERFORM "chapters_refresh_last_active"(OLD."chapter_id");
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."chapter_id" IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW."chapter_id" IS DISTINCT FROM OLD."chapter_id") THEN
    PERFORM "chapters_refresh_last_active"(NEW."chapter_id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "chapter_blog_posts_last_active" AFTER INSERT OR DELETE OR UPDATE OF "chapter_id", "created_at"
ON "chapter_blog_posts" FOR EACH ROW EXECUTE FUNCTION "chapters_last_active_trigger"();
--> statement-breakpoint
CREATE TRIGGER "mailing_messages_last_active" AFTER INSERT OR DELETE OR UPDATE OF "chapter_id", "created_at"
ON "mailing_messages" FOR EACH ROW EXECUTE FUNCTION "chapters_last_active_trigger"();
--> statement-breakpoint
UPDATE "chapters" SET "last_active_at" = greatest(
  (SELECT max("created_at") FROM "chapter_blog_posts" p WHERE p."chapter_id" = "chapters"."id"),
  (SELECT max("created_at") FROM "mailing_messages" m WHERE m."chapter_id" = "chapters"."id")
);
