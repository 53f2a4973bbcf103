CREATE TABLE "mailing_suppressions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"list_id" integer,
	"reason" text,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_suppressions_kind" CHECK ("mailing_suppressions"."kind" in ('unsub', 'blocked', 'bounce'))
);
--> statement-breakpoint
ALTER TABLE "mailing_suppressions" ADD CONSTRAINT "mailing_suppressions_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_suppressions_email_list_kind_uq" ON "mailing_suppressions" USING btree (lower("email"),coalesce("list_id", 0),"kind");