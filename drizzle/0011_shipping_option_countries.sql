ALTER TABLE "product_shipping_options" ADD COLUMN "countries" text[];--> statement-breakpoint
-- A shop whose catalogue was seeded before the domestic option existed gains it once, listed after
-- FedEx (docs/decisions/0020). A new database has no product yet here: the seed inserts it instead.
INSERT INTO "product_shipping_options" ("shipping_id", "product_id", "name", "description", "price_gbp", "price_eur", "countries", "sort_order")
SELECT 'uk-tracked-next-day', "id", 'UK tracked next-day courier', 'Tracked and insured, next working day from dispatch, signature on delivery. UK addresses only.', 3500, 4100, ARRAY['GB'], 1
FROM "products" WHERE "product_key" = 'dropwise'
ON CONFLICT ("product_id", "shipping_id") DO NOTHING;
