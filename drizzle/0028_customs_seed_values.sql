-- Issue 37: a catalogue seeded before the customs columns existed gets the seed's customs data for the
-- seeded goods (src/server/catalogue/seed-data.ts), where staff have not filled it in; other rows stay
-- null until staff edit them. A new database has no rows yet here: the seed inserts them with the values.
UPDATE "product_configurations" SET "commodity_code" = '84798997', "origin_country" = 'GB', "net_weight_grams" = 6500, "gross_weight_grams" = 9800
WHERE "config_id" = 'dropwise-standard' AND "commodity_code" IS NULL;--> statement-breakpoint
UPDATE "product_configurations" SET "commodity_code" = '84798997', "origin_country" = 'GB', "net_weight_grams" = 6700, "gross_weight_grams" = 10000
WHERE "config_id" = 'dropwise-pro' AND "commodity_code" IS NULL;--> statement-breakpoint
UPDATE "product_accessories" SET "commodity_code" = '90183110', "origin_country" = 'DE', "net_weight_grams" = 90, "gross_weight_grams" = 150
WHERE "accessory_id" = '10x-2ml-syringes' AND "commodity_code" IS NULL;--> statement-breakpoint
UPDATE "product_accessories" SET "commodity_code" = '90183110', "origin_country" = 'DE', "net_weight_grams" = 140, "gross_weight_grams" = 210
WHERE "accessory_id" = '10x-6ml-syringes' AND "commodity_code" IS NULL;--> statement-breakpoint
UPDATE "product_accessories" SET "commodity_code" = '39269097', "origin_country" = 'GB', "net_weight_grams" = 320, "gross_weight_grams" = 450
WHERE "accessory_id" = 'sample-tube-rack' AND "commodity_code" IS NULL;--> statement-breakpoint
UPDATE "product_accessories" SET "commodity_code" = '39269097', "origin_country" = 'GB', "net_weight_grams" = 40, "gross_weight_grams" = 80
WHERE "accessory_id" = 'stir-bar-set' AND "commodity_code" IS NULL;--> statement-breakpoint
UPDATE "product_accessories" SET "commodity_code" = '49119900', "origin_country" = 'GB', "net_weight_grams" = 20, "gross_weight_grams" = 30
WHERE "accessory_id" = 'quick-start-card' AND "commodity_code" IS NULL;--> statement-breakpoint
UPDATE "product_adaptors" SET "commodity_code" = '84799070', "origin_country" = 'GB', "net_weight_grams" = 40, "gross_weight_grams" = 70
WHERE "adaptor_id" = 'standard-art-adaptor' AND "commodity_code" IS NULL;--> statement-breakpoint
UPDATE "product_adaptors" SET "commodity_code" = '84799070', "origin_country" = 'GB', "net_weight_grams" = 30, "gross_weight_grams" = 60
WHERE "adaptor_id" = 'luer-lock-adaptor' AND "commodity_code" IS NULL;--> statement-breakpoint
UPDATE "product_adaptors" SET "commodity_code" = '84799070', "origin_country" = 'GB', "net_weight_grams" = 60, "gross_weight_grams" = 90
WHERE "adaptor_id" = 'wide-neck-adaptor' AND "commodity_code" IS NULL;--> statement-breakpoint
UPDATE "product_syringe_holders" SET "commodity_code" = '84799070', "origin_country" = 'GB', "net_weight_grams" = 50, "gross_weight_grams" = 80
WHERE "holder_id" = '3ml-syringe-mount' AND "commodity_code" IS NULL;--> statement-breakpoint
UPDATE "product_syringe_holders" SET "commodity_code" = '84799070', "origin_country" = 'GB', "net_weight_grams" = 60, "gross_weight_grams" = 90
WHERE "holder_id" = '6ml-syringe-mount' AND "commodity_code" IS NULL;--> statement-breakpoint
UPDATE "product_power_adaptors" SET "commodity_code" = '85444290', "origin_country" = 'CN', "net_weight_grams" = 150, "gross_weight_grams" = 200
WHERE "power_adaptor_id" IN ('uk-power', 'eu-power', 'us-power') AND "commodity_code" IS NULL;
