-- A patient's risk scores raise the organisation's data revision too: the patient search shows each row's
-- newest score and can sort by it, and an answer cached under the revision must change when a score does,
-- whichever transaction writes it.
CREATE CONSTRAINT TRIGGER risk_scores_revise AFTER INSERT OR UPDATE OR DELETE ON risk_scores
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION organization_patient_data_changed();
