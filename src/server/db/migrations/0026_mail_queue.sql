CREATE TABLE "mail_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"to" text NOT NULL,
	"from" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"calendar" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_queue_status" CHECK ("mail_queue"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("due_at") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "mail_queue_sent_idx" ON "mail_queue" USING btree ("sent_at") WHERE status = 'sent';--> statement-breakpoint
CREATE INDEX "mail_queue_failed_idx" ON "mail_queue" USING btree ("created_at") WHERE status = 'failed';