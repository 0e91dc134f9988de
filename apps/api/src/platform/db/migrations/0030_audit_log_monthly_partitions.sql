-- The audit log becomes a table partitioned by month of occurred_at (UTC), so vacuum and the admin's audit
-- search work on one month at a time, and a month past the retention period can be detached and archived
-- whole. Existing rows are copied into the new table, the id sequence carries on, the append-only triggers
-- move to the new table (row triggers reach every partition; TRUNCATE triggers are added per partition,
-- since TRUNCATE of a partition does not fire its parent's). Rows of a month without its partition land in
-- audit_log_default; audit_log_create_partitions(n), run daily by the job queue, keeps the current month and
-- the next n months ready, and moves rows out of the default partition when it creates their month.
ALTER TABLE "audit_log" RENAME TO "audit_log_unpartitioned";
--> statement-breakpoint
ALTER TABLE "audit_log_unpartitioned" RENAME CONSTRAINT "audit_log_pkey" TO "audit_log_unpartitioned_pkey";
--> statement-breakpoint
ALTER INDEX "audit_log_occurred_idx" RENAME TO "audit_log_unpartitioned_occurred_idx";
--> statement-breakpoint
ALTER INDEX "audit_log_patient_idx" RENAME TO "audit_log_unpartitioned_patient_idx";
--> statement-breakpoint
ALTER INDEX "audit_log_actor_idx" RENAME TO "audit_log_unpartitioned_actor_idx";
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint DEFAULT nextval('audit_log_id_seq'::regclass) NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"organization_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"patient_id" uuid,
	"reason" text,
	"ip_address" text,
	"request_id" text,
	"details" jsonb,
	"query_encrypted" text,
	CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id", "occurred_at")
) PARTITION BY RANGE ("occurred_at");
--> statement-breakpoint
ALTER SEQUENCE "audit_log_id_seq" OWNED BY "audit_log"."id";
--> statement-breakpoint
CREATE INDEX "audit_log_occurred_idx" ON "audit_log" USING btree ("occurred_at");
--> statement-breakpoint
CREATE INDEX "audit_log_patient_idx" ON "audit_log" USING btree ("patient_id");
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id");
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TABLE "audit_log_default" PARTITION OF "audit_log" DEFAULT;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log_default"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- One month's partition (audit_log_YYYY_MM, bounds at UTC month starts), unless it exists. Rows of that month
-- already in the default partition are moved into it: the default partition is detached, the month created,
-- its rows copied in, and the default rebuilt from the rest, so no audit row is ever updated or deleted.
CREATE FUNCTION audit_log_create_partition(in_month timestamp with time zone) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  -- Month arithmetic on UTC wall time: a timestamptz plus a month would follow the session's time zone.
  utc_month timestamp := date_trunc('month', in_month AT TIME ZONE 'UTC');
  lower_bound timestamptz := utc_month AT TIME ZONE 'UTC';
  upper_bound timestamptz := (utc_month + interval '1 month') AT TIME ZONE 'UTC';
  partition_name text := 'audit_log_' || to_char(utc_month, 'YYYY_MM');
  stray boolean;
BEGIN
  IF to_regclass(partition_name) IS NOT NULL THEN
    RETURN false;
  END IF;
  SELECT EXISTS (
    SELECT 1 FROM audit_log_default WHERE occurred_at >= lower_bound AND occurred_at < upper_bound
  ) INTO stray;
  IF stray THEN
    ALTER TABLE audit_log DETACH PARTITION audit_log_default;
    ALTER TABLE audit_log_default RENAME TO audit_log_default_moving;
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF audit_log FOR VALUES FROM (%L) TO (%L)',
    partition_name, lower_bound, upper_bound);
  EXECUTE format('CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON %I
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()', partition_name);
  IF stray THEN
    CREATE TABLE audit_log_default PARTITION OF audit_log DEFAULT;
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log_default
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
    INSERT INTO audit_log SELECT * FROM audit_log_default_moving;
    DROP TABLE audit_log_default_moving;
  END IF;
  RETURN true;
END;
$$;
--> statement-breakpoint
-- The current month and the next `months_ahead` (at most 24); returns how many partitions it created. It runs
-- as its owner, so the app role that schedules it needs no right to create tables.
CREATE FUNCTION audit_log_create_partitions(months_ahead integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  created integer := 0;
  this_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
BEGIN
  IF months_ahead < 0 OR months_ahead > 24 THEN
    RAISE EXCEPTION 'months_ahead must be between 0 and 24';
  END IF;
  -- Two processes running this at once would both try to create the same month.
  PERFORM pg_advisory_xact_lock(hashtext('audit_log_create_partitions'));
  FOR step IN 0..months_ahead LOOP
    IF audit_log_create_partition((this_month + make_interval(months => step)) AT TIME ZONE 'UTC') THEN
      created := created + 1;
    END IF;
  END LOOP;
  RETURN created;
END;
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION audit_log_create_partition(timestamp with time zone) FROM PUBLIC;
--> statement-breakpoint
-- A partition for every month that has rows, then the months ahead; then the rows move.
DO $$
DECLARE
  month_start timestamptz;
BEGIN
  FOR month_start IN SELECT DISTINCT date_trunc('month', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' FROM audit_log_unpartitioned LOOP
    PERFORM audit_log_create_partition(month_start);
  END LOOP;
  PERFORM audit_log_create_partitions(3);
END;
$$;
--> statement-breakpoint
INSERT INTO "audit_log" ("id", "occurred_at", "actor_user_id", "organization_id", "action", "target_type",
  "target_id", "patient_id", "reason", "ip_address", "request_id", "details", "query_encrypted")
SELECT "id", "occurred_at", "actor_user_id", "organization_id", "action", "target_type", "target_id",
  "patient_id", "reason", "ip_address", "request_id", "details", "query_encrypted"
FROM "audit_log_unpartitioned";
--> statement-breakpoint
DROP TABLE "audit_log_unpartitioned";
