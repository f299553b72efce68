-- Issue 51: a receipt on account of an erased customer is marked (kept for the financial hold, told
-- from an unidentified one), and the retention job records when it cleared the receipt's personal fields.
ALTER TABLE "account_receipts" ADD COLUMN "customer_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_receipts" ADD COLUMN "personal_data_purged_at" timestamp with time zone;
