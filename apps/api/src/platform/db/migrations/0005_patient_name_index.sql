CREATE TABLE "patient_name_terms" (
	"organization_id" uuid NOT NULL,
	"term" text NOT NULL,
	"patient_id" uuid NOT NULL,
	CONSTRAINT "patient_name_terms_organization_id_term_patient_id_pk" PRIMARY KEY("organization_id","term","patient_id")
);
--> statement-breakpoint
CREATE TABLE "patient_name_vocabulary" (
	"organization_id" uuid NOT NULL,
	"term" text NOT NULL,
	"patients" integer NOT NULL,
	CONSTRAINT "patient_name_vocabulary_organization_id_term_pk" PRIMARY KEY("organization_id","term")
);
--> statement-breakpoint
DROP INDEX "patients_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "patient_name_terms" ADD CONSTRAINT "patient_name_terms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_name_terms" ADD CONSTRAINT "patient_name_terms_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_name_vocabulary" ADD CONSTRAINT "patient_name_vocabulary_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_name_terms_patient_idx" ON "patient_name_terms" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "patient_name_vocabulary_prefix_idx" ON "patient_name_vocabulary" USING btree ("organization_id","term" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patient_name_vocabulary_trgm_idx" ON "patient_name_vocabulary" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
-- Names match without regard to case or accents (Seán = sean). PGlite loads the extension at create time.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- Declared immutable (unaccent() is only stable, as its rules file could change) so that the planner folds
-- it over a query's constant words and can use the vocabulary's btree for prefixes.
CREATE FUNCTION patient_name_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, value))
$$;
--> statement-breakpoint
-- The words of a name as search sees them: folded, split on spaces and punctuation. The service
-- (features/patients/name-search.ts) splits queries on the same characters.
CREATE FUNCTION patient_name_words(name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT word FROM regexp_split_to_table(patient_name_fold(name), '[[:space:],.;:"''’/()&+_%\\-]+') AS word WHERE word <> ''
$$;
--> statement-breakpoint
-- Backfill before the triggers exist, in two set-based statements.
INSERT INTO patient_name_terms (organization_id, term, patient_id)
  SELECT p.organization_id, word, p.id FROM patients p, patient_name_words(p.full_name) AS word;
--> statement-breakpoint
INSERT INTO patient_name_vocabulary (organization_id, term, patients)
  SELECT organization_id, term, count(*) FROM patient_name_terms GROUP BY organization_id, term;
--> statement-breakpoint
-- patients → patient_name_terms. Inserts are statement-level so a bulk load indexes its rows in one pass.
CREATE FUNCTION patient_name_terms_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_name_terms (organization_id, term, patient_id)
    SELECT added.organization_id, word, added.id FROM added, patient_name_words(added.full_name) AS word;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patients_name_terms_insert AFTER INSERT ON patients
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION patient_name_terms_add();
--> statement-breakpoint
CREATE FUNCTION patient_name_terms_replace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM patient_name_terms WHERE patient_id = OLD.id;
  INSERT INTO patient_name_terms (organization_id, term, patient_id)
    SELECT NEW.organization_id, word, NEW.id FROM patient_name_words(NEW.full_name) AS word;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patients_name_terms_update AFTER UPDATE OF full_name, organization_id ON patients
  FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION patient_name_terms_replace();
--> statement-breakpoint
-- Deleting a patient deletes its terms by the foreign key's cascade.
-- patient_name_terms → patient_name_vocabulary counts, in a fixed order so concurrent writers lock alike.
CREATE FUNCTION patient_name_vocabulary_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_name_vocabulary (organization_id, term, patients)
    SELECT organization_id, term, count(*) FROM added GROUP BY organization_id, term ORDER BY organization_id, term
    ON CONFLICT (organization_id, term) DO UPDATE SET patients = patient_name_vocabulary.patients + excluded.patients;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patient_name_terms_vocabulary_insert AFTER INSERT ON patient_name_terms
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION patient_name_vocabulary_add();
--> statement-breakpoint
CREATE FUNCTION patient_name_vocabulary_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT organization_id, term, count(*) AS patients FROM removed GROUP BY organization_id, term
  )
  UPDATE patient_name_vocabulary v SET patients = v.patients - gone.patients
    FROM gone WHERE v.organization_id = gone.organization_id AND v.term = gone.term;
  -- A word no patient carries any more leaves the vocabulary (no names of deleted patients linger).
  DELETE FROM patient_name_vocabulary v USING removed
    WHERE v.organization_id = removed.organization_id AND v.term = removed.term AND v.patients <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patient_name_terms_vocabulary_delete AFTER DELETE ON patient_name_terms
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION patient_name_vocabulary_remove();
