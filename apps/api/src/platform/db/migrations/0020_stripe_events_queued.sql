ALTER TABLE "stripe_events" ADD COLUMN "object_id" text;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "client_reference_id" text;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
-- Events recorded before this migration were applied in the request that received them.
UPDATE "stripe_events" SET "processed_at" = "received_at";
