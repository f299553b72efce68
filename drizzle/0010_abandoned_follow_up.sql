ALTER TABLE "incomplete_orders" ADD COLUMN "contacted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "incomplete_orders" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incomplete_orders" ADD COLUMN "follow_up_note" text;--> statement-breakpoint
ALTER TABLE "incomplete_registrations" ADD COLUMN "contacted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "incomplete_registrations" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incomplete_registrations" ADD COLUMN "follow_up_note" text;