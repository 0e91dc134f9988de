ALTER TABLE "bluebutton_grants" ADD COLUMN "part2_shared" boolean;
--> statement-breakpoint
ALTER TABLE "ingestion_runs" ADD COLUMN "part2_shared" boolean;
