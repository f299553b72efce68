-- Issue 53: the language an e-mail is written in, so the sender adds the privacy-policy line in it
-- (null: English, as every message queued before was).
ALTER TABLE "mail_outbox" ADD COLUMN "language" text;
