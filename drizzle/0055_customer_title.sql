-- Issue 53: the title a customer gave (Mr, Ms; null for none), so German and French e-mails greet
-- "Guten Tag Herr Becker," / "Bonjour Madame Martin,". An order's and a quote's are kept with their
-- customer info (configuration.customerInfo.title).
ALTER TABLE "profiles" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_title_check" CHECK ("profiles"."title" is null or "profiles"."title" in ('mr', 'ms'));
