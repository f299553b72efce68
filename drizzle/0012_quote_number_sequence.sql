CREATE TABLE "quote_documents" (
	"quote_id" uuid PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"pdf_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_documents" ADD CONSTRAINT "quote_documents_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Quote numbers {quoteNumberPrefix}{YYYY}-{NNNN}: one sequence for all years, like invoice_number_seq,
-- so numbers never run out (past 9999 they widen) and two processes never draw the same one.
CREATE SEQUENCE IF NOT EXISTS quote_number_seq START WITH 1 INCREMENT BY 1 NO CYCLE;
--> statement-breakpoint
-- Quotes made before this carry four random digits: the sequence starts past the highest of this
-- year's, so a new number never meets one (createQuote also skips a number that is taken).
SELECT setval('quote_number_seq', m.highest, true)
FROM (
  SELECT max(substring(quote_number FROM '-([0-9]+)$')::bigint) AS highest
  FROM quotes
  WHERE substring(quote_number FROM '([0-9]{4})-[0-9]+$') = to_char(now() AT TIME ZONE 'UTC', 'YYYY')
) m
WHERE m.highest > 0;
