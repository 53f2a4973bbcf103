CREATE TABLE "legacy_import_map" (
	"kind" text NOT NULL,
	"original_id" text NOT NULL,
	"local_id" integer NOT NULL,
	"content_hash" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_import_map_kind_original_id_pk" PRIMARY KEY("kind","original_id")
);
