CREATE TABLE "model_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"configuration_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instrument_test_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instrument_id" uuid NOT NULL,
	"rate_accuracy_percent" double precision NOT NULL,
	"volume_delivered_ml" double precision NOT NULL,
	"rate_limit_percent" double precision NOT NULL,
	"nominal_volume_ml" double precision NOT NULL,
	"volume_limit_percent" double precision NOT NULL,
	"passed" boolean NOT NULL,
	"tested_by" text NOT NULL,
	"tested_on" date NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instrument_test_certificates_instrument_id_unique" UNIQUE("instrument_id")
);
--> statement-breakpoint
ALTER TABLE "product_configurations" ADD COLUMN "software_version" text;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "software_version" text;--> statement-breakpoint
ALTER TABLE "model_documents" ADD CONSTRAINT "model_documents_configuration_id_product_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_test_certificates" ADD CONSTRAINT "instrument_test_certificates_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_test_certificates" ADD CONSTRAINT "instrument_test_certificates_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "model_documents_configuration_kind_key" ON "model_documents" USING btree ("configuration_id","kind");