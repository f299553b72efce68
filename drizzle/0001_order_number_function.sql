-- Order numbers: {orderNumberPrefix}{YYYY}-{NNNNN}, e.g. O2026-00042. The prefix is the
-- orderNumberPrefix system setting ('O' by default); the number comes from a sequence so two
-- concurrent orders never share one.
CREATE SEQUENCE IF NOT EXISTS "order_number_seq" START 1;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION generate_order_number() RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  prefix text;
BEGIN
  SELECT value #>> '{}' INTO prefix FROM settings WHERE key = 'orderNumberPrefix';
  RETURN coalesce(prefix, 'O') || to_char(now(), 'YYYY') || '-' || lpad(nextval('order_number_seq')::text, 5, '0');
END;
$$;
