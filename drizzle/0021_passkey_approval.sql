ALTER TABLE "profiles" ADD COLUMN "passkey_approved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD COLUMN "proven_with" text;