ALTER TABLE "audit_log" ADD COLUMN "query_encrypted" text;
--> statement-breakpoint
-- TRUNCATE fires no row trigger, so the append-only rule of 0002 needs a statement trigger as well.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
