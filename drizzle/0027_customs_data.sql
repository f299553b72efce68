CREATE TABLE "export_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"dispatch_date" date,
	"export_mrn" text,
	"delivery_date" date,
	"proof_reference" text,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_accessories" ADD COLUMN "commodity_code" text;--> statement-breakpoint
ALTER TABLE "product_accessories" ADD COLUMN "origin_country" text;--> statement-breakpoint
ALTER TABLE "product_accessories" ADD COLUMN "net_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_accessories" ADD COLUMN "gross_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_adaptors" ADD COLUMN "commodity_code" text;--> statement-breakpoint
ALTER TABLE "product_adaptors" ADD COLUMN "origin_country" text;--> statement-breakpoint
ALTER TABLE "product_adaptors" ADD COLUMN "net_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_adaptors" ADD COLUMN "gross_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD COLUMN "commodity_code" text;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD COLUMN "origin_country" text;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD COLUMN "net_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD COLUMN "gross_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_power_adaptors" ADD COLUMN "commodity_code" text;--> statement-breakpoint
ALTER TABLE "product_power_adaptors" ADD COLUMN "origin_country" text;--> statement-breakpoint
ALTER TABLE "product_power_adaptors" ADD COLUMN "net_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_power_adaptors" ADD COLUMN "gross_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_syringe_holders" ADD COLUMN "commodity_code" text;--> statement-breakpoint
ALTER TABLE "product_syringe_holders" ADD COLUMN "origin_country" text;--> statement-breakpoint
ALTER TABLE "product_syringe_holders" ADD COLUMN "net_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_syringe_holders" ADD COLUMN "gross_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "export_proofs" ADD CONSTRAINT "export_proofs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_proofs" ADD CONSTRAINT "export_proofs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "export_proofs_order_id_key" ON "export_proofs" USING btree ("order_id");