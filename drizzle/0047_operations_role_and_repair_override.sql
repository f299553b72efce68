ALTER TABLE "staff_roles" DROP CONSTRAINT "staff_roles_role_check";--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "repair_override_reason" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "repair_override_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "repair_override_by" uuid;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_repair_override_by_users_id_fk" FOREIGN KEY ("repair_override_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_role_check" CHECK ("staff_roles"."role" in ('owner', 'sales', 'finance', 'catalogue', 'support', 'operations'));