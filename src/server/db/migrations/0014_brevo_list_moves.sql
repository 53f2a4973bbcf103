CREATE TABLE "brevo_list_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_by" integer,
	"origin" text NOT NULL,
	"progress" jsonb NOT NULL,
	"report" jsonb,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "brevo_list_moves" ADD CONSTRAINT "brevo_list_moves_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brevo_list_moves_one_running_uq" ON "brevo_list_moves" USING btree ("status") WHERE "brevo_list_moves"."status" = 'running';