CREATE TABLE "decontamination_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"substances" text NOT NULL,
	"cleaning_method" text NOT NULL,
	"signatory_name" text NOT NULL,
	"signed_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decontamination_declarations_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "not_covered_reason" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "not_covered_note" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "closure_key" text;--> statement-breakpoint
ALTER TABLE "decontamination_declarations" ADD CONSTRAINT "decontamination_declarations_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_closure_key_unique" UNIQUE("closure_key");