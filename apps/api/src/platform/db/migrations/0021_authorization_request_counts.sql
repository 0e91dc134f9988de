CREATE TABLE "authorization_request_counts" (
	"organization_id" uuid NOT NULL,
	"requester_user_id" uuid NOT NULL,
	"hidden_by_requester" boolean NOT NULL,
	"status" text NOT NULL,
	"requests" bigint NOT NULL,
	CONSTRAINT "authorization_request_counts_pkey" PRIMARY KEY("organization_id","requester_user_id","hidden_by_requester","status")
);
--> statement-breakpoint
-- Adds `delta` to one key's count.
CREATE FUNCTION authorization_request_count_add(org uuid, requester uuid, hidden boolean, state text, delta integer)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO authorization_request_counts AS c
      (organization_id, requester_user_id, hidden_by_requester, status, requests)
    VALUES (org, requester, hidden, state, delta)
    ON CONFLICT (organization_id, requester_user_id, hidden_by_requester, status)
    DO UPDATE SET requests = c.requests + EXCLUDED.requests;
END
$$;
--> statement-breakpoint
-- A request moving between keys leaves one and joins the other, always in the keys' order: two transactions
-- moving requests in opposite directions then lock the two count rows in the same order and cannot deadlock.
CREATE FUNCTION authorization_request_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM authorization_request_count_add(
      NEW.organization_id, NEW.requester_user_id, NEW.hidden_by_requester, NEW.status, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM authorization_request_count_add(
      OLD.organization_id, OLD.requester_user_id, OLD.hidden_by_requester, OLD.status, -1);
  ELSIF (OLD.organization_id, OLD.requester_user_id, OLD.hidden_by_requester, OLD.status)
      < (NEW.organization_id, NEW.requester_user_id, NEW.hidden_by_requester, NEW.status) THEN
    PERFORM authorization_request_count_add(
      OLD.organization_id, OLD.requester_user_id, OLD.hidden_by_requester, OLD.status, -1);
    PERFORM authorization_request_count_add(
      NEW.organization_id, NEW.requester_user_id, NEW.hidden_by_requester, NEW.status, 1);
  ELSE
    PERFORM authorization_request_count_add(
      NEW.organization_id, NEW.requester_user_id, NEW.hidden_by_requester, NEW.status, 1);
    PERFORM authorization_request_count_add(
      OLD.organization_id, OLD.requester_user_id, OLD.hidden_by_requester, OLD.status, -1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deferred to commit, as the revision trigger is: a count row is locked only while its transaction commits,
-- not for the whole of a transaction that wrote a request early. An update that leaves the key alone (most:
-- dates, reminders, messages) does not fire it.
CREATE CONSTRAINT TRIGGER authorization_requests_count_insert_delete
  AFTER INSERT OR DELETE ON authorization_requests
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION authorization_request_counts_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER authorization_requests_count_update
  AFTER UPDATE OF organization_id, requester_user_id, hidden_by_requester, status ON authorization_requests
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.organization_id, OLD.requester_user_id, OLD.hidden_by_requester, OLD.status)
    IS DISTINCT FROM (NEW.organization_id, NEW.requester_user_id, NEW.hidden_by_requester, NEW.status))
  EXECUTE FUNCTION authorization_request_counts_changed();
--> statement-breakpoint
-- The requests already there. Creating the triggers above locked the table against writers until this
-- migration commits, so none is counted twice or missed.
INSERT INTO authorization_request_counts
    (organization_id, requester_user_id, hidden_by_requester, status, requests)
  SELECT organization_id, requester_user_id, hidden_by_requester, status, count(*)
  FROM authorization_requests GROUP BY 1, 2, 3, 4;
