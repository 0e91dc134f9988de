-- The Blue Button version each pull used, and the version of the pull that last stored each claim, drug event
-- and coverage row. CMS names these differently in v2 and v3 with no crosswalk, so a patient's first pull
-- after a version switch is whole and then deletes the rows still marked with another version. Rows and runs
-- from before this migration stay null (not known): the next pull of each patient is whole once.
ALTER TABLE "ingestion_runs" ADD COLUMN "api_version" text;--> statement-breakpoint
ALTER TABLE "coverages" ADD COLUMN "api_version" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "api_version" text;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "api_version" text;
