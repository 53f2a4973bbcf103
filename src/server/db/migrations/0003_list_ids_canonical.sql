-- Before the rule: every stored list id to its canonical form ('004' -> '4'); text that is no
-- list id at all names no list (null). Then, of chapters naming one list, the oldest keeps it.
UPDATE "chapters" SET "bronto_list_id" = CASE
  WHEN btrim("bronto_list_id") ~ '^0*[1-9][0-9]{0,9}$' THEN CASE
    WHEN ltrim(btrim("bronto_list_id"), '0')::bigint <= 2147483647 THEN ltrim(btrim("bronto_list_id"), '0')
  END
END WHERE "bronto_list_id" IS NOT NULL;--> statement-breakpoint
UPDATE "chapters" SET "send_in_blue_list_id" = CASE
  WHEN btrim("send_in_blue_list_id") ~ '^0*[1-9][0-9]{0,9}$' THEN CASE
    WHEN ltrim(btrim("send_in_blue_list_id"), '0')::bigint <= 2147483647 THEN ltrim(btrim("send_in_blue_list_id"), '0')
  END
END WHERE "send_in_blue_list_id" IS NOT NULL;--> statement-breakpoint
UPDATE "chapters" c SET "bronto_list_id" = NULL WHERE "bronto_list_id" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "chapters" o WHERE o."bronto_list_id" = c."bronto_list_id" AND o."id" < c."id");--> statement-breakpoint
UPDATE "chapters" c SET "send_in_blue_list_id" = NULL WHERE "send_in_blue_list_id" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "chapters" o WHERE o."send_in_blue_list_id" = c."send_in_blue_list_id" AND o."id" < c."id");--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_bronto_list_id_uq" ON "chapters" USING btree ("bronto_list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_send_in_blue_list_id_uq" ON "chapters" USING btree ("send_in_blue_list_id");--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_bronto_list_id_canonical" CHECK ("chapters"."bronto_list_id" ~ '^[1-9][0-9]{0,9}$');--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_send_in_blue_list_id_canonical" CHECK ("chapters"."send_in_blue_list_id" ~ '^[1-9][0-9]{0,9}$');