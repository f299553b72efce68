CREATE TABLE "vat_number_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"vat_number" text NOT NULL,
	"registry" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"registered_name" text,
	"registered_address" text,
	"consultation_number" text,
	"checked_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eori_number" text;--> statement-breakpoint
ALTER TABLE "vat_number_checks" ADD CONSTRAINT "vat_number_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_number_checks" ADD CONSTRAINT "vat_number_checks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vat_number_checks_order_id_idx" ON "vat_number_checks" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "vat_number_checks_next_attempt_at_idx" ON "vat_number_checks" USING btree ("next_attempt_at");