ALTER TABLE "organizations" ADD COLUMN "identifiers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Everyone who could sign in before verification existed keeps signing in.
UPDATE "users" SET "email_verified_at" = "date_joined" WHERE "email_verified_at" IS NULL;
