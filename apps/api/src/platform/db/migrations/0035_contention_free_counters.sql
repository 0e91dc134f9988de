-- The organisation's data revision and the kept request counts were one row per key, locked at commit by
-- every writer of that key until its commit was flushed: simultaneous creations by one person, or any writes
-- of one organisation, committed one after another. Each key now has up to 8 rows (slots), and a transaction
-- adds to the slot of its connection (pg_backend_pid() % 8): transactions on different connections rarely
-- meet on a row. Readers sum the slots. Both stay exact: the revision is the number of committed changing
-- transactions (each slot only grows, so two different states never sum alike), the counts the same sums.
ALTER TABLE "organization_data_revisions" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_data_revisions" DROP CONSTRAINT "organization_data_revisions_pkey";--> statement-breakpoint
ALTER TABLE "organization_data_revisions" ADD CONSTRAINT "organization_data_revisions_pkey" PRIMARY KEY("organization_id","slot");--> statement-breakpoint
ALTER TABLE "authorization_request_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "authorization_request_counts" DROP CONSTRAINT "authorization_request_counts_pkey";--> statement-breakpoint
ALTER TABLE "authorization_request_counts" ADD CONSTRAINT "authorization_request_counts_pkey" PRIMARY KEY("organization_id","requester_user_id","hidden_by_requester","status","slot");--> statement-breakpoint
CREATE OR REPLACE FUNCTION organization_data_revise(org uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'blueconsent.revised_' || replace(org::text, '-', '');
BEGIN
  IF org IS NULL OR current_setting(flag, true) = 'on' THEN
    RETURN;
  END IF;
  INSERT INTO organization_data_revisions AS r (organization_id, slot, revision)
    SELECT org, pg_backend_pid() % 8, 1 WHERE EXISTS (SELECT 1 FROM organizations WHERE id = org)
    ON CONFLICT (organization_id, slot) DO UPDATE SET revision = r.revision + 1;
  PERFORM set_config(flag, 'on', true);
END
$$;
--> statement-breakpoint
-- One transaction always adds to the same slot, so a move between two keys still locks its two rows in the
-- keys' order and two opposite moves cannot deadlock.
CREATE OR REPLACE FUNCTION authorization_request_count_add(org uuid, requester uuid, hidden boolean, state text, delta integer)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO authorization_request_counts AS c
      (organization_id, requester_user_id, hidden_by_requester, status, slot, requests)
    VALUES (org, requester, hidden, state, pg_backend_pid() % 8, delta)
    ON CONFLICT (organization_id, requester_user_id, hidden_by_requester, status, slot)
    DO UPDATE SET requests = c.requests + EXCLUDED.requests;
END
$$;
--> statement-breakpoint
-- The name vocabulary's counts: a new patient used to add to its words' rows at once, and every word shared
-- with another patient being created at the same moment (a common surname or first name) held both creations
-- one after the other until the first committed. Changes now wait, insert-only, in
-- patient_name_vocabulary_changes until their transaction commits, and are applied then, all of a
-- transaction's at once in the words' order (two commits lock shared words alike and cannot deadlock).
CREATE TABLE "patient_name_vocabulary_changes" (
	"transaction_id" bigint DEFAULT txid_current() NOT NULL,
	"organization_id" uuid NOT NULL,
	"term" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "patient_name_vocabulary_changes_transaction_idx" ON "patient_name_vocabulary_changes" USING btree ("transaction_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION patient_name_vocabulary_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_name_vocabulary_changes (organization_id, term, delta)
    SELECT organization_id, term, count(*) FROM added GROUP BY organization_id, term;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patient_name_vocabulary_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_name_vocabulary_changes (organization_id, term, delta)
    SELECT organization_id, term, -count(*) FROM removed GROUP BY organization_id, term;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The first change row's trigger at commit applies every change of its transaction; the others find none
-- left. A word no patient carries any more leaves the vocabulary (no names of deleted patients linger); the
-- words of an organisation deleted meanwhile are skipped (its vocabulary went with it).
CREATE FUNCTION patient_name_vocabulary_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied_organizations uuid[];
  emptied_terms text[];
BEGIN
  WITH mine AS (
    DELETE FROM patient_name_vocabulary_changes WHERE transaction_id = txid_current() RETURNING *
  ), summed AS (
    SELECT organization_id, term, sum(delta)::integer AS delta FROM mine GROUP BY organization_id, term
  ), applied AS (
    INSERT INTO patient_name_vocabulary AS v (organization_id, term, patients)
      SELECT s.organization_id, s.term, s.delta FROM summed s
        WHERE s.delta <> 0 AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = s.organization_id)
        ORDER BY s.organization_id, s.term
      ON CONFLICT (organization_id, term) DO UPDATE SET patients = v.patients + excluded.patients
      RETURNING v.organization_id, v.term, v.patients
  )
  SELECT array_agg(organization_id), array_agg(term) INTO emptied_organizations, emptied_terms
    FROM applied WHERE patients <= 0;
  -- A statement of its own: the rows the upsert just changed are visible to it.
  DELETE FROM patient_name_vocabulary v USING unnest(emptied_organizations, emptied_terms) AS e(organization_id, term)
    WHERE v.organization_id = e.organization_id AND v.term = e.term AND v.patients <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER patient_name_vocabulary_changes_apply AFTER INSERT ON patient_name_vocabulary_changes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION patient_name_vocabulary_apply();
