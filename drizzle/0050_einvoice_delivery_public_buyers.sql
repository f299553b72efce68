ALTER TABLE "orders" ADD COLUMN "public_buyer_siret" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "public_buyer_service_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "public_buyer_engagement_number" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "einvoice_delivery" text DEFAULT 'pdf' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "einvoice_delivery" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_einvoice_delivery_check" CHECK ("organisations"."einvoice_delivery" in ('pdf', 'pdf_xrechnung', 'pdf_facturx'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_einvoice_delivery_check" CHECK ("profiles"."einvoice_delivery" is null or "profiles"."einvoice_delivery" in ('pdf', 'pdf_xrechnung', 'pdf_facturx'));
