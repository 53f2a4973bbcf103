-- Hand-edited: drizzle-kit wrote the table, the column and the index; the triggers that keep mailing_list_member_counts and its backfill (the end) are by hand.
CREATE TABLE "mailing_list_member_counts" (
	"list_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "mailing_list_member_counts_list_id_status_pk" PRIMARY KEY("list_id","status")
);
--> statement-breakpoint
ALTER TABLE "mailing_list_contacts" ADD COLUMN "blocked_from" text;--> statement-breakpoint
ALTER TABLE "mailing_list_member_counts" ADD CONSTRAINT "mailing_list_member_counts_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailing_list_confirmations_expires_idx" ON "mailing_list_confirmations" USING btree ("expires_at");
--> statement-breakpoint
-- Inserted rows, counted per list and status in one upsert per statement (an import of
-- thousands of rows moves each count once). Upserted in key order: two statements never wait
-- on each other's count rows in a circle.
CREATE FUNCTION mailing_member_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mailing_list_member_counts AS c (list_id, status, n)
  SELECT list_id, status, count(*) FROM inserted_rows GROUP BY list_id, status ORDER BY list_id, status
  ON CONFLICT (list_id, status) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Deleted rows: their counts exist (their insert made them), unless their list is being
-- deleted, whose count rows went first (ON DELETE CASCADE): then there is nothing to move.
CREATE FUNCTION mailing_member_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone record;
BEGIN
  FOR gone IN
    SELECT list_id, status, count(*) AS n FROM deleted_rows GROUP BY list_id, status ORDER BY list_id, status
  LOOP
    UPDATE mailing_list_member_counts SET n = n - gone.n
    WHERE list_id = gone.list_id AND status = gone.status;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A row whose status (or list) changed: one count down, one up, in key order. Per row, and
-- only for rows that changed (the trigger's WHEN): the send worker's updates of num_sends
-- never call it.
CREATE FUNCTION mailing_member_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.list_id, OLD.status) < (NEW.list_id, NEW.status) THEN
    UPDATE mailing_list_member_counts SET n = n - 1 WHERE list_id = OLD.list_id AND status = OLD.status;
  END IF;
  INSERT INTO mailing_list_member_counts AS c (list_id, status, n) VALUES (NEW.list_id, NEW.status, 1)
  ON CONFLICT (list_id, status) DO UPDATE SET n = c.n + 1;
  IF (OLD.list_id, OLD.status) > (NEW.list_id, NEW.status) THEN
    UPDATE mailing_list_member_counts SET n = n - 1 WHERE list_id = OLD.list_id AND status = OLD.status;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION mailing_member_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM mailing_list_member_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER mailing_list_contacts_counted_insert AFTER INSERT ON mailing_list_contacts
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION mailing_member_counts_inserted();--> statement-breakpoint
CREATE TRIGGER mailing_list_contacts_counted_delete AFTER DELETE ON mailing_list_contacts
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION mailing_member_counts_deleted();--> statement-breakpoint
CREATE TRIGGER mailing_list_contacts_counted_update AFTER UPDATE OF status, list_id ON mailing_list_contacts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.list_id IS DISTINCT FROM NEW.list_id)
  EXECUTE FUNCTION mailing_member_counts_moved();--> statement-breakpoint
CREATE TRIGGER mailing_list_contacts_counted_truncate AFTER TRUNCATE ON mailing_list_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION mailing_member_counts_truncated();--> statement-breakpoint
-- The counts of the rows already there, after the triggers: CREATE TRIGGER locks the table
-- against writes until the migration commits, so no row is counted twice or missed.
INSERT INTO mailing_list_member_counts (list_id, status, n)
SELECT list_id, status, count(*) FROM mailing_list_contacts GROUP BY list_id, status;--> statement-breakpoint
-- Rows blocked before this migration: a block's earlier status was not kept. A sign-up whose
-- link was never used was unconfirmed; the rest were members, as lifting a block assumed.
UPDATE mailing_list_contacts c SET blocked_from = CASE WHEN EXISTS (
  SELECT 1 FROM mailing_list_confirmations k WHERE k.contact_id = c.id AND k.confirmed_at IS NULL
) THEN 'unconfirmed' ELSE 'active' END
WHERE status = 'blocked';
