-- Hand-edited: drizzle-kit wrote the three btree indexes; the trigram index at the end is by hand (pg_trgm cannot be in the schema: PGlite has no pg_trgm).
CREATE INDEX "mailing_deliveries_contact_opened_idx" ON "mailing_deliveries" USING btree ("contact_id","opened_at" DESC NULLS LAST) WHERE opened_at is not null;--> statement-breakpoint
CREATE INDEX "mailing_list_contacts_list_created_idx" ON "mailing_list_contacts" USING btree ("list_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mailing_list_contacts_list_status_created_idx" ON "mailing_list_contacts" USING btree ("list_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
-- A search by part of an address (the Members screen): a trigram index where pg_trgm can be made
-- (PostgreSQL with the contrib package, by a role allowed to create it). Elsewhere (PGlite) the
-- search reads the list's rows in their index order and the migration changes nothing more.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX IF NOT EXISTS "mailing_list_contacts_email_trgm_idx" ON "mailing_list_contacts" USING gin (lower("email") gin_trgm_ops);
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm not made (%): member search reads the list', SQLERRM;
    END;
  END IF;
END
$$;
