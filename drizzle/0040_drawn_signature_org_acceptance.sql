ALTER TABLE "quote_acceptances" ADD COLUMN "signature_kind" text DEFAULT 'typed' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD COLUMN "signature_image" "bytea";--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "orders_require_accepted_quote" boolean DEFAULT false NOT NULL;