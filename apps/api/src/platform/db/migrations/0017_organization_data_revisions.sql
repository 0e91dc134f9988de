CREATE TABLE "organization_data_revisions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_data_revisions" ADD CONSTRAINT "organization_data_revisions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Raises an organisation's revision once per transaction. The flag is transaction-local (set_config's third
-- argument), so the next transaction raises it again. An organisation being deleted is skipped (its rows
-- cascade away with it and nothing is left to cache).
CREATE FUNCTION organization_data_revise(org uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'blueconsent.revised_' || replace(org::text, '-', '');
BEGIN
  IF org IS NULL OR current_setting(flag, true) = 'on' THEN
    RETURN;
  END IF;
  INSERT INTO organization_data_revisions AS r (organization_id, revision)
    SELECT org, 1 WHERE EXISTS (SELECT 1 FROM organizations WHERE id = org)
    ON CONFLICT (organization_id) DO UPDATE SET revision = r.revision + 1;
  PERFORM set_config(flag, 'on', true);
END
$$;
--> statement-breakpoint
CREATE FUNCTION organization_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM organization_data_revise(OLD.organization_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM organization_data_revise(NEW.organization_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION organization_request_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM organization_data_revise(r.organization_id) FROM authorization_requests r
    WHERE r.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.request_id ELSE NEW.request_id END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deferred to commit, so the counter row is locked only while the transaction commits: taken at the first
-- write instead, it would serialise the organisation's writers for whole transactions (a Blue Button pull)
-- and could deadlock two transactions that touch the same rows in a different order.
CREATE CONSTRAINT TRIGGER authorization_requests_revise AFTER INSERT OR UPDATE OR DELETE ON authorization_requests
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION organization_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER patients_revise AFTER INSERT OR UPDATE OR DELETE ON patients
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION organization_data_changed();
--> statement-breakpoint
-- A requester's name and role show on every row of theirs; sign-ins (last_login_at) do not.
CREATE CONSTRAINT TRIGGER users_revise AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.role IS DISTINCT FROM NEW.role OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION organization_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ingestion_runs_revise AFTER INSERT OR UPDATE OR DELETE ON ingestion_runs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION organization_request_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER authorization_request_events_revise AFTER INSERT OR UPDATE OR DELETE ON authorization_request_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION organization_request_data_changed();
