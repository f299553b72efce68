ALTER TABLE "order_items" ADD COLUMN "supply" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_treatment" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_amount" integer;