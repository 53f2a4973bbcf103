CREATE TABLE "chapter_event_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"date" date NOT NULL,
	"moved_to_date" date,
	"moved_to_start_time" text,
	"moved_to_end_time" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapter_event_exceptions_moved_complete" CHECK (("chapter_event_exceptions"."moved_to_date" is null) = ("chapter_event_exceptions"."moved_to_start_time" is null) and ("chapter_event_exceptions"."moved_to_date" is null) = ("chapter_event_exceptions"."moved_to_end_time" is null))
);
--> statement-breakpoint
ALTER TABLE "chapter_event_exceptions" ADD CONSTRAINT "chapter_event_exceptions_event_id_chapter_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."chapter_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_event_exceptions_event_date_uq" ON "chapter_event_exceptions" USING btree ("event_id","date");--> statement-breakpoint
CREATE INDEX "chapter_event_exceptions_moved_idx" ON "chapter_event_exceptions" USING btree ("moved_to_date");