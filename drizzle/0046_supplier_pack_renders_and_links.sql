CREATE TABLE "supplier_pack_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_pack_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "supplier_pack_renders" (
	"key" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"language" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_pack_renders" ADD CONSTRAINT "supplier_pack_renders_version_supplier_pack_versions_version_fk" FOREIGN KEY ("version") REFERENCES "public"."supplier_pack_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_pack_links_email_idx" ON "supplier_pack_links" USING btree ("email");