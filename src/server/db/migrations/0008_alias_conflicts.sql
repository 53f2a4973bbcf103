-- Written by hand (not drizzle-kit): a chapter's alias never takes an address another alias
-- holds (docs/decisions: "A chapter's alias and the addresses others hold").
--
-- Before, a chapter whose alias named the address of an admin's hand-made alias adopted that row
-- (and a later rename of the chapter's alias moved the admin's address away), and a chapter
-- whose alias another chapter's held quietly got no row while its settings said otherwise.
-- Now, when the chapter itself changes (its alias or its type), an address held by any other row
-- is refused with the unique index's own error, so the chapter save rolls back whole and the
-- app answers 409 as it does when two saves race to that index. A sync started by anything else
-- (a host added, a host's new email) leaves another row's address alone and changes nothing.
DROP FUNCTION IF EXISTS sync_chapter_alias(integer);--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_chapter_alias(cid integer, strict boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_local text;
  v_domain text;
  own_id integer;
  taken_id integer;
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
  SELECT id INTO taken_id FROM email_aliases
  WHERE lower(email_aliases.local_part) = lower(v_local)
    AND lower(email_aliases.domain) = lower(v_domain);
  IF taken_id IS NOT NULL AND taken_id IS DISTINCT FROM own_id THEN
    IF strict THEN
      RAISE EXCEPTION 'The address %@% is already an alias', v_local, v_domain
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'email_aliases_address_uq',
              TABLE = 'email_aliases';
    END IF;
    RETURN;
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

-- Strict only when the chapter's address itself changes: a save that leaves it as it was must
-- not fail on an address conflict it did not make.
CREATE OR REPLACE FUNCTION chapters_sync_alias() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sync_chapter_alias(
    NEW.id,
    TG_OP = 'INSERT'
      OR lower(btrim(NEW.email_alias)) IS DISTINCT FROM lower(btrim(OLD.email_alias))
      OR NEW.chapter_type_id IS DISTINCT FROM OLD.chapter_type_id
  );
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION permissions_sync_alias() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.role_id = 3 THEN
    PERFORM sync_chapter_alias(OLD.chapter_id, false);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.role_id = 3 THEN
    PERFORM sync_chapter_alias(NEW.chapter_id, false);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION users_sync_alias() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sync_chapter_alias(p.chapter_id, false)
  FROM permissions p WHERE p.user_id = NEW.id AND p.role_id = 3;
  RETURN NULL;
END
$$;
