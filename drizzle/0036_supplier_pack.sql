CREATE TABLE "supplier_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"expires_on" date NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_pack_downloads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"email" text,
	"via" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_pack_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"bank_hash" text NOT NULL,
	"bank" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_pack_versions_bank_hash_unique" UNIQUE("bank_hash")
);
--> statement-breakpoint
ALTER TABLE "supplier_pack_downloads" ADD CONSTRAINT "supplier_pack_downloads_version_supplier_pack_versions_version_fk" FOREIGN KEY ("version") REFERENCES "public"."supplier_pack_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_pack_downloads_email_at_idx" ON "supplier_pack_downloads" USING btree ("email","at");