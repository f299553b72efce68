-- Issue 53 (decision 0082): the language an account chose for its e-mails and documents; null until it chooses.
ALTER TABLE "users" ADD COLUMN "language" text;
