CREATE TABLE "rsvp_dates" (
	"event_id" integer NOT NULL,
	"date" date NOT NULL,
	"walk_ins" integer DEFAULT 0 NOT NULL,
	"attended" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rsvp_dates_pk" PRIMARY KEY("event_id","date"),
	CONSTRAINT "rsvp_dates_walk_ins" CHECK ("rsvp_dates"."walk_ins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rsvp_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"rsvp_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rsvps" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"guests" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"pending_name" text,
	"pending_guests" integer,
	"user_id" integer,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"checked_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rsvps_status" CHECK ("rsvps"."status" in ('unconfirmed', 'going', 'waitlisted', 'cancelled')),
	CONSTRAINT "rsvps_guests" CHECK ("rsvps"."guests" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "chapter_events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "chapter_events" ADD COLUMN "max_guests" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "rsvp_dates" ADD CONSTRAINT "rsvp_dates_event_id_chapter_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."chapter_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvp_tokens" ADD CONSTRAINT "rsvp_tokens_rsvp_id_rsvps_id_fk" FOREIGN KEY ("rsvp_id") REFERENCES "public"."rsvps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_event_id_chapter_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."chapter_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rsvp_tokens_rsvp_idx" ON "rsvp_tokens" USING btree ("rsvp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rsvps_event_date_email_uq" ON "rsvps" USING btree ("event_id","date",lower("email"));--> statement-breakpoint
CREATE INDEX "rsvps_event_date_status_idx" ON "rsvps" USING btree ("event_id","date","status");--> statement-breakpoint
CREATE INDEX "rsvps_user_idx" ON "rsvps" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rsvps_email_idx" ON "rsvps" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "chapter_events" ADD CONSTRAINT "chapter_events_capacity" CHECK ("chapter_events"."capacity" between 1 and 10000);--> statement-breakpoint
ALTER TABLE "chapter_events" ADD CONSTRAINT "chapter_events_max_guests" CHECK ("chapter_events"."max_guests" between 0 and 10);