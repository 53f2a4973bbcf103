ALTER TABLE "mailing_deliveries" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD COLUMN "tracking_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD COLUMN "from_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD COLUMN "reply_to" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_deliveries_tracking_uq" ON "mailing_deliveries" USING btree ("tracking_token");--> statement-breakpoint
CREATE INDEX "mailing_deliveries_claimable_idx" ON "mailing_deliveries" USING btree ("id") WHERE status in ('pending', 'sending');--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_status" CHECK ("mailing_deliveries"."status" in ('pending', 'sending', 'sent', 'failed', 'skipped'));--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD CONSTRAINT "mailing_messages_status" CHECK ("mailing_messages"."status" in ('queued', 'finished'));