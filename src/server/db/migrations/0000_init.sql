CREATE TABLE "activity_feed_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"chapter_id" integer,
	"object_id" integer,
	"admin_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_feed_items_type" CHECK ("activity_feed_items"."type" in ('chapter_note', 'user_note', 'press_mention', 'chapter_host_application'))
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"slug" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"user_id" integer,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"lat" double precision DEFAULT 0 NOT NULL,
	"lng" double precision DEFAULT 0 NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"day_of_week_index" integer DEFAULT 0 NOT NULL,
	"weeks_of_month_indexes" text DEFAULT '0' NOT NULL,
	"is_single_date" boolean DEFAULT false NOT NULL,
	"single_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapter_events_day_of_week" CHECK ("chapter_events"."day_of_week_index" between 0 and 6),
	CONSTRAINT "chapter_events_single_date_present" CHECK (not "chapter_events"."is_single_date" or "chapter_events"."single_date" is not null)
);
--> statement-breakpoint
CREATE TABLE "chapter_host_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"type" text DEFAULT 'drinking' NOT NULL,
	"reason" text NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"did_have_phone_call" boolean DEFAULT false NOT NULL,
	"did_sign_agreement" boolean DEFAULT false NOT NULL,
	"did_give_additional_info" boolean DEFAULT false NOT NULL,
	"chapter_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapter_host_applications_type" CHECK ("chapter_host_applications"."type" in ('drinking', 'dining', 'laughing')),
	CONSTRAINT "chapter_host_applications_status" CHECK ("chapter_host_applications"."status" in ('open', 'approved', 'approved_without_creation', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "chapter_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"user_id" integer,
	"note" text NOT NULL,
	"admin_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hex_color" text NOT NULL,
	"mail_domain" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'INT' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"chapter_type_id" integer DEFAULT 1 NOT NULL,
	"email_alias" text DEFAULT '' NOT NULL,
	"bronto_list_name" text DEFAULT '' NOT NULL,
	"bronto_list_id" text,
	"send_in_blue_list_id" text,
	"about" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"local_part" text NOT NULL,
	"domain" text NOT NULL,
	"recipients" text[] NOT NULL,
	"chapter_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"from" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "mailing_list_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"blocked_date" timestamp with time zone,
	"blocked_reason" text,
	"last_activity" timestamp with time zone,
	"num_sends" integer DEFAULT 0 NOT NULL,
	"num_opens" integer DEFAULT 0 NOT NULL,
	"num_clicks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mailing_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"chapter_id" integer,
	"sender_id" integer,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"slug" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"chapter_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permissions_user_role_chapter_uq" UNIQUE NULLS NOT DISTINCT("user_id","role_id","chapter_id"),
	CONSTRAINT "permissions_admin_is_global" CHECK (("permissions"."role_id" = 1 and "permissions"."chapter_id" is null) or ("permissions"."role_id" <> 1 and "permissions"."chapter_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "press_mentions" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"slug" text NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"about_user_id" integer NOT NULL,
	"author_id" integer,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wiki_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"slug" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"is_editable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_feed_items" ADD CONSTRAINT "activity_feed_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_feed_items" ADD CONSTRAINT "activity_feed_items_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_blog_posts" ADD CONSTRAINT "chapter_blog_posts_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_blog_posts" ADD CONSTRAINT "chapter_blog_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_events" ADD CONSTRAINT "chapter_events_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_host_applications" ADD CONSTRAINT "chapter_host_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_host_applications" ADD CONSTRAINT "chapter_host_applications_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_links" ADD CONSTRAINT "chapter_links_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_notes" ADD CONSTRAINT "chapter_notes_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_notes" ADD CONSTRAINT "chapter_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_chapter_type_id_chapter_types_id_fk" FOREIGN KEY ("chapter_type_id") REFERENCES "public"."chapter_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_aliases" ADD CONSTRAINT "email_aliases_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_message_id_mailing_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mailing_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_contact_id_mailing_list_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."mailing_list_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_contacts" ADD CONSTRAINT "mailing_list_contacts_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD CONSTRAINT "mailing_messages_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD CONSTRAINT "mailing_messages_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_messages" ADD CONSTRAINT "mailing_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_mentions" ADD CONSTRAINT "press_mentions_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notes" ADD CONSTRAINT "user_notes_about_user_id_users_id_fk" FOREIGN KEY ("about_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notes" ADD CONSTRAINT "user_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_feed_items_created_idx" ON "activity_feed_items" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_feed_items_chapter_created_idx" ON "activity_feed_items" USING btree ("chapter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_uq" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_public_created_idx" ON "blog_posts" USING btree ("is_public","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_blog_posts_slug_uq" ON "chapter_blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "chapter_blog_posts_chapter_created_idx" ON "chapter_blog_posts" USING btree ("chapter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_events_slug_uq" ON "chapter_events" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "chapter_events_chapter_idx" ON "chapter_events" USING btree ("chapter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_host_applications_slug_uq" ON "chapter_host_applications" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "chapter_host_applications_user_idx" ON "chapter_host_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chapter_host_applications_status_idx" ON "chapter_host_applications" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chapter_links_chapter_idx" ON "chapter_links" USING btree ("chapter_id","position");--> statement-breakpoint
CREATE INDEX "chapter_notes_chapter_created_idx" ON "chapter_notes" USING btree ("chapter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_slug_uq" ON "chapters" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "chapters_state_status_idx" ON "chapters" USING btree ("state","status");--> statement-breakpoint
CREATE INDEX "chapters_status_idx" ON "chapters" USING btree ("status");--> statement-breakpoint
CREATE INDEX "chapters_type_idx" ON "chapters" USING btree ("chapter_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_aliases_address_uq" ON "email_aliases" USING btree (lower("local_part"),lower("domain"));--> statement-breakpoint
CREATE INDEX "email_aliases_chapter_idx" ON "email_aliases" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to");--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_deliveries_message_contact_uq" ON "mailing_deliveries" USING btree ("message_id","contact_id");--> statement-breakpoint
CREATE INDEX "mailing_deliveries_contact_sent_idx" ON "mailing_deliveries" USING btree ("contact_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mailing_deliveries_message_status_idx" ON "mailing_deliveries" USING btree ("message_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_list_contacts_list_email_uq" ON "mailing_list_contacts" USING btree ("list_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_list_contacts_unsubscribe_uq" ON "mailing_list_contacts" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "mailing_list_contacts_list_status_idx" ON "mailing_list_contacts" USING btree ("list_id","status");--> statement-breakpoint
CREATE INDEX "mailing_messages_list_created_idx" ON "mailing_messages" USING btree ("list_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pages_slug_uq" ON "pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "permissions_chapter_idx" ON "permissions" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "permissions_user_idx" ON "permissions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "press_mentions_slug_uq" ON "press_mentions" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "press_mentions_chapter_idx" ON "press_mentions" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "press_mentions_visible_created_idx" ON "press_mentions" USING btree ("is_visible","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_notes_about_created_idx" ON "user_notes" USING btree ("about_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wiki_pages_slug_uq" ON "wiki_pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "wiki_pages_title_idx" ON "wiki_pages" USING btree ("title");