CREATE TABLE "peppol_transmissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"flavour" text NOT NULL,
	"transmission_id" text,
	"status" text NOT NULL,
	"detail" text,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "einvoice" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_routing_reference" text;--> statement-breakpoint
ALTER TABLE "peppol_transmissions" ADD CONSTRAINT "peppol_transmissions_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "peppol_transmissions_invoice_id_idx" ON "peppol_transmissions" USING btree ("invoice_id");