CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(14, 6) NOT NULL,
	"source" text NOT NULL,
	"entered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"outstanding" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancellation_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "gbp_rate" numeric(14, 6);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "gbp_rate_month" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "gbp_amount" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "gbp_vat_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminders_excluded_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminders_excluded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminders_excluded_by" uuid;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_month_currency_key" ON "exchange_rates" USING btree ("month","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reminders_invoice_stage_key" ON "payment_reminders" USING btree ("invoice_id","stage");--> statement-breakpoint
CREATE INDEX "payment_reminders_order_id_idx" ON "payment_reminders" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reminders_excluded_by_users_id_fk" FOREIGN KEY ("reminders_excluded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_transactions_invoice_id_idx" ON "payment_transactions" USING btree ("invoice_id");