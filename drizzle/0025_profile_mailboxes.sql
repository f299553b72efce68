-- Issue 38: the staff alert address moves from the "Admin Email" system setting into the business
-- profile (details.mail.alertEmail, beside the sender name and address); a value set there is kept.
UPDATE "business_profile" AS p
SET "details" = jsonb_set(
  p."details",
  '{mail}',
  COALESCE(p."details" -> 'mail', '{}'::jsonb) || jsonb_build_object('alertEmail', s."value" #>> '{}')
)
FROM "settings" AS s
WHERE p."key" = 'company'
  AND s."key" = 'adminEmail'
  AND jsonb_typeof(s."value") = 'string'
  AND btrim(s."value" #>> '{}') <> '';
--> statement-breakpoint
DELETE FROM "settings" WHERE "key" = 'adminEmail';
--> statement-breakpoint
-- The collection option names the profile's town ({town}, filled in as the catalogue is read) where
-- it still holds the seeded example text.
UPDATE "product_shipping_options"
SET "name" = 'Collect from {town}'
WHERE "shipping_id" = 'collection' AND "name" = 'Collect from Lancaster';
--> statement-breakpoint
UPDATE "product_shipping_options"
SET "description" = 'Collect from our {town} office by appointment.'
WHERE "shipping_id" = 'collection' AND "description" = 'Collect from our Lancaster office by appointment.';
