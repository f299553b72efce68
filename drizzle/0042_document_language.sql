ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;