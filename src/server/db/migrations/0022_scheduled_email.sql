ALTER TABLE "mailing_messages" DROP CONSTRAINT "mailing_messages_status";--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ALTER COLUMN "contact_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_messages" ALTER COLUMN "list_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "reminder_days_before" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "reminder_hour" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "rsvp_reminder_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "host_digest_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD COLUMN "kind" text DEFAULT 'host' NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD COLUMN "occurrence" date;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD CONSTRAINT "mailing_messages_event_id_chapter_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."chapter_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_deliveries_message_email_uq" ON "mailing_deliveries" USING btree ("message_id",lower("email")) WHERE contact_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_messages_scheduled_uq" ON "mailing_messages" USING btree ("event_id","occurrence","kind") WHERE kind in ('reminder', 'rsvpReminder', 'digest');--> statement-breakpoint
CREATE INDEX "mailing_messages_due_idx" ON "mailing_messages" USING btree ("scheduled_for") WHERE status = 'scheduled';--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_reminder_days_before" CHECK ("chapters"."reminder_days_before" between 0 and 14);--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_reminder_hour" CHECK ("chapters"."reminder_hour" between 0 and 23);--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_rsvp_reminder_hours" CHECK ("chapters"."rsvp_reminder_hours" between 0 and 72);--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_host_digest_hours" CHECK ("chapters"."host_digest_hours" between 0 and 72);--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_recipient" CHECK ("mailing_deliveries"."contact_id" is not null or "mailing_deliveries"."email" is not null);--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD CONSTRAINT "mailing_messages_kind" CHECK ("mailing_messages"."kind" in ('host', 'reminder', 'rsvpReminder', 'notice', 'digest'));--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD CONSTRAINT "mailing_messages_status" CHECK ("mailing_messages"."status" in ('scheduled', 'queueing', 'queued', 'finished', 'cancelled', 'dropped'));