ALTER TABLE "orders" ADD COLUMN "ship_date_told" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "places_held_until" timestamp with time zone;