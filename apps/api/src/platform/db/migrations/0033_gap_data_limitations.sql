-- What the data cannot show for a patient's gaps and Part D score, as {code, message} entries (a record
-- shorter than a year: short_history). Rows computed before this column say nothing until recomputed.
ALTER TABLE "risk_gap_patients" ADD COLUMN "data_limitations" jsonb DEFAULT '[]'::jsonb NOT NULL;
