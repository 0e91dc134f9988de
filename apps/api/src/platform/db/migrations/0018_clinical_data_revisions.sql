-- A patient's medications and claims (with their lines and diagnoses, written with the claim) raise the
-- organisation's data revision too, so caches of a patient's record (the consolidated read) never depend on
-- the writer also touching the patient or its pull run in the same transaction.
CREATE FUNCTION organization_patient_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM organization_data_revise(p.organization_id) FROM patients p
    WHERE p.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.patient_id ELSE NEW.patient_id END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER medications_revise AFTER INSERT OR UPDATE OR DELETE ON medications
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION organization_patient_data_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER claims_revise AFTER INSERT OR UPDATE OR DELETE ON claims
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION organization_patient_data_changed();
