DROP INDEX "claims_patient_resource_key";--> statement-breakpoint
DROP INDEX "coverages_patient_resource_key";--> statement-breakpoint
DROP INDEX "medications_patient_resource_key";--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD COLUMN "patient_birth_date_encrypted" text;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD COLUMN "identity_evidence_encrypted" text;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD COLUMN "identity_reviewed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD COLUMN "identity_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD COLUMN "identity_review_reason_encrypted" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "held_run_id" uuid;--> statement-breakpoint
ALTER TABLE "coverages" ADD COLUMN "held_run_id" uuid;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "held_run_id" uuid;--> statement-breakpoint
ALTER TABLE "risk_scores" ADD COLUMN "held_run_id" uuid;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD CONSTRAINT "authorization_requests_identity_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("identity_reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_held_run_id_ingestion_runs_id_fk" FOREIGN KEY ("held_run_id") REFERENCES "public"."ingestion_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_held_run_id_ingestion_runs_id_fk" FOREIGN KEY ("held_run_id") REFERENCES "public"."ingestion_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_held_run_id_ingestion_runs_id_fk" FOREIGN KEY ("held_run_id") REFERENCES "public"."ingestion_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_scores" ADD CONSTRAINT "risk_scores_held_run_id_ingestion_runs_id_fk" FOREIGN KEY ("held_run_id") REFERENCES "public"."ingestion_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claims_held_resource_key" ON "claims" USING btree ("held_run_id","resource_id") WHERE held_run_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "coverages_held_resource_key" ON "coverages" USING btree ("held_run_id","resource_id") WHERE held_run_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "medications_held_resource_key" ON "medications" USING btree ("held_run_id","resource_id") WHERE held_run_id is not null;--> statement-breakpoint
CREATE INDEX "risk_scores_held_run_idx" ON "risk_scores" USING btree ("held_run_id") WHERE held_run_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "claims_patient_resource_key" ON "claims" USING btree ("patient_id","resource_id") WHERE held_run_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "coverages_patient_resource_key" ON "coverages" USING btree ("patient_id","resource_id") WHERE held_run_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "medications_patient_resource_key" ON "medications" USING btree ("patient_id","resource_id") WHERE held_run_id is null;