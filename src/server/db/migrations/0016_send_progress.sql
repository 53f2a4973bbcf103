ALTER TABLE "mailing_deliveries" DROP CONSTRAINT "mailing_deliveries_status";--> statement-breakpoint
ALTER TABLE "mailing_messages" DROP CONSTRAINT "mailing_messages_status";--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD COLUMN "expected" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD COLUMN "queued" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD COLUMN "queued_through" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD COLUMN "queue_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mailing_list_contacts_list_status_id_idx" ON "mailing_list_contacts" USING btree ("list_id","status","id");--> statement-breakpoint
CREATE INDEX "mailing_messages_queueing_idx" ON "mailing_messages" USING btree ("id") WHERE status = 'queueing';--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_status" CHECK ("mailing_deliveries"."status" in ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled'));--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD CONSTRAINT "mailing_messages_status" CHECK ("mailing_messages"."status" in ('queueing', 'queued', 'finished', 'cancelled'));--> statement-breakpoint
-- Sends queued before this migration were queued whole in their request: their size is their ledger.
UPDATE "mailing_messages" m SET "queued" = d.n, "expected" = d.n
FROM (SELECT "message_id", count(*)::int AS n FROM "mailing_deliveries" GROUP BY "message_id") d
WHERE d."message_id" = m."id";
