CREATE SEQUENCE "public"."rma_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."service_request_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "batch_date_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"old_date" date,
	"new_date" date,
	"changed_by" uuid,
	"notified_at" timestamp with time zone,
	"notified_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instrument_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instrument_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_on" date NOT NULL,
	"quote_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"unit_index" integer NOT NULL,
	"serial_number" text NOT NULL,
	"model" text NOT NULL,
	"warranty_years" integer DEFAULT 1 NOT NULL,
	"delivered_on" date,
	"warranty_ends_on" date,
	"service_plan_ends_on" date,
	"next_service_on" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instruments_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE TABLE "order_batch_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_batch" text,
	"from_name" text,
	"to_batch" text NOT NULL,
	"to_name" text NOT NULL,
	"reason" text,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_request_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"old_status" text,
	"new_status" text NOT NULL,
	"note" text,
	"staff_only" boolean DEFAULT false NOT NULL,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "service_request_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "service_request_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_number" text NOT NULL,
	"instrument_id" uuid NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"description" text NOT NULL,
	"under_warranty" boolean NOT NULL,
	"rma_number" text,
	"return_instructions" text,
	"decline_reason" text,
	"repair_quote_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_request_number_unique" UNIQUE("request_number"),
	CONSTRAINT "service_requests_rma_number_unique" UNIQUE("rma_number")
);
--> statement-breakpoint
ALTER TABLE "product_batches" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "product_batches" ADD COLUMN "taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "places_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "places_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "kind" text DEFAULT 'instrument' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "serial_number" text;--> statement-breakpoint
ALTER TABLE "batch_date_changes" ADD CONSTRAINT "batch_date_changes_batch_id_product_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."product_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_date_changes" ADD CONSTRAINT "batch_date_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_reminders" ADD CONSTRAINT "instrument_reminders_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_reminders" ADD CONSTRAINT "instrument_reminders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_batch_changes" ADD CONSTRAINT "order_batch_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_batch_changes" ADD CONSTRAINT "order_batch_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_history" ADD CONSTRAINT "service_request_history_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_history" ADD CONSTRAINT "service_request_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_photos" ADD CONSTRAINT "service_request_photos_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_repair_quote_id_quotes_id_fk" FOREIGN KEY ("repair_quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_date_changes_batch_id_idx" ON "batch_date_changes" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instrument_reminders_once_key" ON "instrument_reminders" USING btree ("instrument_id","kind","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "instruments_order_unit_key" ON "instruments" USING btree ("order_id","unit_index");--> statement-breakpoint
CREATE INDEX "order_batch_changes_order_id_idx" ON "order_batch_changes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "service_request_history_request_id_idx" ON "service_request_history" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "service_request_photos_request_id_idx" ON "service_request_photos" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "service_requests_instrument_id_idx" ON "service_requests" USING btree ("instrument_id");--> statement-breakpoint
CREATE INDEX "service_requests_status_created_at_idx" ON "service_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_places_batch_id_product_batches_id_fk" FOREIGN KEY ("places_batch_id") REFERENCES "public"."product_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Orders confirmed before batches had capacity hold their places from now on (issue 26), so the
-- batches' taken counts start true; capacity stays null (not limited) until staff set it.
UPDATE "orders" o SET "places_batch_id" = b."id", "places_taken" = GREATEST(COALESCE((o."configuration"->>'quantity')::int, 1), 1)
FROM "product_batches" b
WHERE o."status" IN ('confirmed', 'processing') AND b."batch_id" = o."configuration"->>'batch';--> statement-breakpoint
UPDATE "product_batches" b SET "taken" = COALESCE((SELECT SUM(o."places_taken") FROM "orders" o WHERE o."places_batch_id" = b."id"), 0);
