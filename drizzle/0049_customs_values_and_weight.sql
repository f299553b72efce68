ALTER TABLE "product_accessories" ADD COLUMN "customs_value_gbp" integer;--> statement-breakpoint
ALTER TABLE "product_accessories" ADD COLUMN "customs_value_eur" integer;--> statement-breakpoint
ALTER TABLE "product_adaptors" ADD COLUMN "customs_value_gbp" integer;--> statement-breakpoint
ALTER TABLE "product_adaptors" ADD COLUMN "customs_value_eur" integer;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD COLUMN "customs_value_gbp" integer;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD COLUMN "customs_value_eur" integer;--> statement-breakpoint
ALTER TABLE "product_power_adaptors" ADD COLUMN "customs_value_gbp" integer;--> statement-breakpoint
ALTER TABLE "product_power_adaptors" ADD COLUMN "customs_value_eur" integer;--> statement-breakpoint
ALTER TABLE "product_syringe_holders" ADD COLUMN "customs_value_gbp" integer;--> statement-breakpoint
ALTER TABLE "product_syringe_holders" ADD COLUMN "customs_value_eur" integer;--> statement-breakpoint
-- Issue 51: the seeded instrument weighs 1.5 kg, as the website says (the seed said 6.5 kg and 6.7 kg).
-- Corrected where the row still holds the seeded figures; a weight staff have entered since is kept.
UPDATE "product_configurations" SET "net_weight_grams" = 1500, "gross_weight_grams" = 3000
WHERE "config_id" = 'dropwise-standard' AND "net_weight_grams" = 6500 AND "gross_weight_grams" = 9800;--> statement-breakpoint
UPDATE "product_configurations" SET "net_weight_grams" = 1500, "gross_weight_grams" = 3000
WHERE "config_id" = 'dropwise-pro' AND "net_weight_grams" = 6700 AND "gross_weight_grams" = 10000;--> statement-breakpoint
-- The seeded goods included at no charge get a value for customs (src/server/catalogue/seed-data.ts), to be
-- confirmed by the company; staff change it in the catalogue.
UPDATE "product_power_adaptors" SET "customs_value_gbp" = 800, "customs_value_eur" = 950
WHERE "power_adaptor_id" IN ('uk-power', 'eu-power', 'us-power') AND "customs_value_gbp" IS NULL;--> statement-breakpoint
UPDATE "product_adaptors" SET "customs_value_gbp" = 2500, "customs_value_eur" = 2900
WHERE "adaptor_id" = 'standard-art-adaptor' AND "customs_value_gbp" IS NULL;--> statement-breakpoint
UPDATE "product_syringe_holders" SET "customs_value_gbp" = 4000, "customs_value_eur" = 4700
WHERE "holder_id" = '3ml-syringe-mount' AND "customs_value_gbp" IS NULL;--> statement-breakpoint
UPDATE "product_accessories" SET "customs_value_gbp" = 100, "customs_value_eur" = 120
WHERE "accessory_id" = 'quick-start-card' AND "customs_value_gbp" IS NULL;
