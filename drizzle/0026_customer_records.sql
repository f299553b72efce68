ALTER TABLE "staff_invitations" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "last_name" text;