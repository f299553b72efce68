ALTER TABLE "peppol_transmissions" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "peppol_transmissions" ADD COLUMN "resend_reason" text;--> statement-breakpoint
-- Sends made before F8 (some invoices went out several times) are numbered in the order they were made.
UPDATE "peppol_transmissions" AS "t" SET "attempt" = "n"."attempt" FROM (SELECT "id", row_number() OVER (PARTITION BY "invoice_id" ORDER BY "created_at", "id") AS "attempt" FROM "peppol_transmissions") AS "n" WHERE "t"."id" = "n"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "peppol_transmissions_invoice_attempt_key" ON "peppol_transmissions" USING btree ("invoice_id","attempt");