-- The admin lists' search: e-mail and number prefixes (LIKE 'x%') use these indexes.
CREATE INDEX IF NOT EXISTS "orders_customer_email_search_idx" ON "orders" (lower("configuration"->'customerInfo'->>'email') text_pattern_ops, "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_order_number_search_idx" ON "orders" (upper("order_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotes_customer_email_search_idx" ON "quotes" (lower("configuration"->'customerInfo'->>'email') text_pattern_ops, "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quotes_quote_number_search_idx" ON "quotes" (upper("quote_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_email_search_idx" ON "profiles" (lower("email") text_pattern_ops);
