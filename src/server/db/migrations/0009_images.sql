CREATE TABLE "image_slots" (
	"slot" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"hash" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_hash_ck" CHECK ("images"."hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "images_size_ck" CHECK ("images"."size" = octet_length("images"."bytes"))
);
--> statement-breakpoint
ALTER TABLE "image_slots" ADD CONSTRAINT "image_slots_hash_images_hash_fk" FOREIGN KEY ("hash") REFERENCES "public"."images"("hash") ON DELETE restrict ON UPDATE no action;