CREATE TABLE "instrument_test_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instrument_test_certificates" ALTER COLUMN "rate_accuracy_percent" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "instrument_test_certificates" ALTER COLUMN "volume_delivered_ml" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'instrument' NOT NULL;--> statement-breakpoint
ALTER TABLE "instrument_test_certificates" ADD COLUMN "test_record_id" uuid;--> statement-breakpoint
ALTER TABLE "instrument_test_records" ADD CONSTRAINT "instrument_test_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_test_records" ADD CONSTRAINT "instrument_test_records_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_test_certificates" ADD CONSTRAINT "instrument_test_certificates_test_record_id_instrument_test_records_id_fk" FOREIGN KEY ("test_record_id") REFERENCES "public"."instrument_test_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_test_certificates" ADD CONSTRAINT "instrument_test_certificates_test_record_id_unique" UNIQUE("test_record_id");