CREATE TABLE "mailgun_route_deletions" (
	"route_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "email_aliases_chapter_idx";--> statement-breakpoint
ALTER TABLE "email_aliases" ADD COLUMN "recipients_manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_aliases" ADD COLUMN "mailgun_route_id" text;--> statement-breakpoint
ALTER TABLE "email_aliases" ADD COLUMN "mailgun_synced_at" timestamp with time zone;--> statement-breakpoint
-- One alias per chapter from now on: of a chapter's aliases, the oldest stays the chapter's.
UPDATE "email_aliases" SET "chapter_id" = NULL
WHERE "chapter_id" IS NOT NULL
  AND "id" <> (SELECT min(a."id") FROM "email_aliases" a WHERE a."chapter_id" = "email_aliases"."chapter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_aliases_chapter_uq" ON "email_aliases" USING btree ("chapter_id");--> statement-breakpoint
-- Written by hand (not drizzle-kit): the chapter aliases kept right by the database itself, and
-- the views a mail server reads. See docs/mail-aliases.md.

-- A chapter's hosts' addresses, each once, in a stable order.
CREATE OR REPLACE FUNCTION chapter_host_emails(cid integer) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(e ORDER BY lower(e)), '{}'::text[])
  FROM (
    SELECT DISTINCT ON (lower(u.email)) u.email AS e
    FROM permissions p JOIN users u ON u.id = p.user_id
    WHERE p.chapter_id = cid AND p.role_id = 3
    ORDER BY lower(u.email)
  ) hosts
$$;--> statement-breakpoint

-- Makes the chapter's alias row agree with the chapter: {emailAlias}@{its type's mail domain},
-- forwarding to its hosts unless its recipients were set by hand. No alias when emailAlias is
-- blank or the chapter is gone (a hand-made one is kept, no longer the chapter's). An address
-- another chapter's alias holds is left to that chapter; a hand-made alias at the address
-- becomes the chapter's, keeping its recipients.
CREATE OR REPLACE FUNCTION sync_chapter_alias(cid integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_local text;
  v_domain text;
  own_id integer;
  taken record;
BEGIN
  IF cid IS NULL THEN RETURN; END IF;
  SELECT btrim(c.email_alias), t.mail_domain INTO v_local, v_domain
  FROM chapters c JOIN chapter_types t ON t.id = c.chapter_type_id
  WHERE c.id = cid;
  IF NOT FOUND OR v_local = '' THEN
    DELETE FROM email_aliases WHERE chapter_id = cid AND NOT recipients_manual;
    UPDATE email_aliases SET chapter_id = NULL WHERE chapter_id = cid;
    RETURN;
  END IF;

  SELECT id INTO own_id FROM email_aliases WHERE chapter_id = cid;
  SELECT id, chapter_id INTO taken FROM email_aliases
  WHERE lower(email_aliases.local_part) = lower(v_local)
    AND lower(email_aliases.domain) = lower(v_domain);
  IF taken.id IS NOT NULL AND taken.id IS DISTINCT FROM own_id THEN
    IF taken.chapter_id IS NOT NULL THEN RETURN; END IF;
    DELETE FROM email_aliases WHERE id = own_id AND NOT recipients_manual;
    UPDATE email_aliases SET chapter_id = NULL WHERE id = own_id;
    UPDATE email_aliases SET chapter_id = cid, recipients_manual = true WHERE id = taken.id;
    own_id := taken.id;
  END IF;

  IF own_id IS NULL THEN
    INSERT INTO email_aliases (local_part, domain, recipients, chapter_id)
    VALUES (v_local, v_domain, chapter_host_emails(cid), cid);
  ELSE
    UPDATE email_aliases a SET
      local_part = v_local,
      domain = v_domain,
      recipients = CASE WHEN a.recipients_manual THEN a.recipients ELSE chapter_host_emails(cid) END
    WHERE a.id = own_id;
  END IF;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION chapters_sync_alias() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sync_chapter_alias(NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER chapters_sync_alias_ins AFTER INSERT ON chapters
  FOR EACH ROW EXECUTE FUNCTION chapters_sync_alias();--> statement-breakpoint
CREATE TRIGGER chapters_sync_alias_upd AFTER UPDATE OF email_alias, chapter_type_id ON chapters
  FOR EACH ROW EXECUTE FUNCTION chapters_sync_alias();--> statement-breakpoint
-- Before the foreign key lets go of them: a deleted chapter's own alias goes with it.
CREATE OR REPLACE FUNCTION chapters_drop_alias() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM email_aliases WHERE chapter_id = OLD.id AND NOT recipients_manual;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER chapters_drop_alias BEFORE DELETE ON chapters
  FOR EACH ROW EXECUTE FUNCTION chapters_drop_alias();--> statement-breakpoint

CREATE OR REPLACE FUNCTION permissions_sync_alias() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.role_id = 3 THEN
    PERFORM sync_chapter_alias(OLD.chapter_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.role_id = 3 THEN
    PERFORM sync_chapter_alias(NEW.chapter_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER permissions_sync_alias AFTER INSERT OR UPDATE OR DELETE ON permissions
  FOR EACH ROW EXECUTE FUNCTION permissions_sync_alias();--> statement-breakpoint

CREATE OR REPLACE FUNCTION users_sync_alias() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sync_chapter_alias(p.chapter_id)
  FROM permissions p WHERE p.user_id = NEW.id AND p.role_id = 3;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_sync_alias AFTER UPDATE OF email ON users
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION users_sync_alias();--> statement-breakpoint

-- What Mailgun must hear about: a change of address or recipients moves updated_at (whoever
-- made it: the admin screen, a trigger above, a script), and a deleted alias leaves its route.
CREATE OR REPLACE FUNCTION email_aliases_touch() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.local_part, NEW.domain, NEW.recipients)
     IS DISTINCT FROM (OLD.local_part, OLD.domain, OLD.recipients) THEN
    NEW.updated_at := clock_timestamp();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER email_aliases_touch BEFORE UPDATE ON email_aliases
  FOR EACH ROW EXECUTE FUNCTION email_aliases_touch();--> statement-breakpoint

CREATE OR REPLACE FUNCTION email_aliases_forget_route() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.mailgun_route_id IS NOT NULL THEN
    INSERT INTO mailgun_route_deletions (route_id) VALUES (OLD.mailgun_route_id)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER email_aliases_forget_route AFTER DELETE ON email_aliases
  FOR EACH ROW EXECUTE FUNCTION email_aliases_forget_route();--> statement-breakpoint

-- For Postfix's pgsql: maps (docs/mail-aliases.md). An alias with no recipients is no alias.
CREATE VIEW mail_virtual_aliases AS
  SELECT lower(local_part) AS local_part, lower(domain) AS domain,
         array_to_string(recipients, ',') AS recipients
  FROM email_aliases
  WHERE cardinality(recipients) > 0;--> statement-breakpoint
CREATE VIEW mail_alias_domains AS
  SELECT DISTINCT lower(mail_domain) AS domain FROM chapter_types;--> statement-breakpoint

-- Existing chapter aliases whose recipients are not exactly the hosts were set by hand.
UPDATE email_aliases a SET recipients_manual = true
WHERE a.chapter_id IS NOT NULL AND a.recipients IS DISTINCT FROM chapter_host_emails(a.chapter_id);--> statement-breakpoint
SELECT sync_chapter_alias(id) FROM chapters;
