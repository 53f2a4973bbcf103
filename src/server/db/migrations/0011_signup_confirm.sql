CREATE TABLE "mailing_list_confirmations" (
	"contact_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "mailing_list_confirmations_token_uq" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "mailing_list_confirmations" ADD CONSTRAINT "mailing_list_confirmations_contact_id_mailing_list_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."mailing_list_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailing_list_contacts_email_idx" ON "mailing_list_contacts" USING btree (lower("email"));