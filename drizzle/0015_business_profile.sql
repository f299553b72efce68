CREATE TABLE "business_profile" (
	"key" text PRIMARY KEY NOT NULL,
	"details" jsonb NOT NULL,
	"bank" jsonb NOT NULL,
	"example" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The seeded profile: the example values (src/shared/business-profile.ts), marked as the example until replaced in the admin.
INSERT INTO "business_profile" ("key", "details", "bank", "example") VALUES ('company', '{"legalName":"Dropwise Labs Ltd","tradingName":"Dropwise Labs","companyNumber":"00000000","registeredIn":"England and Wales","vatNumber":"GB000000000","registeredAddress":{"street":"Unit 4, Lancaster Science Park, Caton Road","city":"Lancaster","postalCode":"LA1 3PE","region":"Lancashire","country":"United Kingdom","countryCode":"GB"},"tradingAddress":{"street":"Unit 4, Lancaster Science Park, Caton Road","city":"Lancaster","postalCode":"LA1 3PE","region":"Lancashire","country":"United Kingdom","countryCode":"GB"},"phone":"+44 1524 000000","salesEmail":"sales@dropwise-labs.example","supportEmail":"support@dropwise-labs.example","privacyEmail":"privacy@dropwise-labs.example","officeHours":"Mon-Fri 9:00-17:00 GMT","deliveryPlace":"the delivery address on the order confirmation","signatoryName":"Example Signatory","signatoryTitle":"Director"}'::jsonb, '{"GBP":{"accountName":"Dropwise Labs Ltd","bankName":"Example Bank plc","sortCode":"00-00-00","accountNumber":"00000000"},"EUR":{"accountName":"Dropwise Labs Ltd","bankName":"Example Bank plc","iban":"GB00 EXMP 0000 0000 0000 00","bic":"EXMPGB2L"}}'::jsonb, true) ON CONFLICT DO NOTHING;
