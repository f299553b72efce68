DROP INDEX "orders_quote_id_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_key" text;--> statement-breakpoint
-- A quote is ordered once (issue 23). Where one quote already became several orders, the first keeps
-- the link; the later ones lose it and say so in their internal notes, so staff still see where they came from.
WITH ranked AS (
  SELECT o.id, q.quote_number,
         row_number() OVER (PARTITION BY o.quote_id ORDER BY o.created_at, o.order_number) AS n,
         first_value(o.order_number) OVER (PARTITION BY o.quote_id ORDER BY o.created_at, o.order_number) AS first_order
  FROM "orders" o JOIN "quotes" q ON q.id = o.quote_id
)
UPDATE "orders" o
SET "quote_id" = NULL,
    "internal_notes" = concat_ws(E'\n', o.internal_notes,
      'Also placed from quote ' || ranked.quote_number || ', which order ' || ranked.first_order || ' had already accepted.')
FROM ranked
WHERE ranked.id = o.id AND ranked.n > 1;--> statement-breakpoint
UPDATE "quotes" q SET "status" = 'accepted'
WHERE q.status <> 'accepted' AND EXISTS (SELECT 1 FROM "orders" o WHERE o.quote_id = q.id);--> statement-breakpoint
-- Guest orders placed before the page link had a key get one (two random UUIDs: 244 random bits).
UPDATE "orders" SET "access_key" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
WHERE "access_key" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quote_id_key" ON "orders" USING btree ("quote_id");
