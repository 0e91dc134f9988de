-- When Medicare's own access ends for each authorization (Blue Button's grant expiration, or a one-time
-- grant's hour), and how many of the patient's renewal reminders before it (30 and 7 days) were sent.
ALTER TABLE "authorization_requests" ADD COLUMN "medicare_access_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD COLUMN "grant_end_reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "authorization_requests" SET "medicare_access_ends_at" = "bluebutton_grants"."grant_expires_at"
  FROM "bluebutton_grants"
  WHERE "bluebutton_grants"."id" = "authorization_requests"."grant_id"
    AND "bluebutton_grants"."grant_expires_at" IS NOT NULL;--> statement-breakpoint
UPDATE "authorization_requests" SET "medicare_access_ends_at" = "authorized_at" + interval '1 hour'
  WHERE "medicare_access_ends_at" IS NULL AND "authorization_type" = 'insurance_agent'
    AND "authorized_at" IS NOT NULL;
