ALTER TABLE "vat_number_checks" ADD COLUMN "name_accepted_for" text;--> statement-breakpoint
ALTER TABLE "vat_number_checks" ADD COLUMN "name_accepted_by" uuid;--> statement-breakpoint
ALTER TABLE "vat_number_checks" ADD COLUMN "name_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vat_number_checks" ADD CONSTRAINT "vat_number_checks_name_accepted_by_users_id_fk" FOREIGN KEY ("name_accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;