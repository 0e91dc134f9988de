CREATE TABLE "authorization_request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "authorization_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requester_user_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"health_plan" text DEFAULT 'medicare' NOT NULL,
	"status" text NOT NULL,
	"authorization_type" text NOT NULL,
	"patient_name" text NOT NULL,
	"contact_method" text NOT NULL,
	"contact_encrypted" text NOT NULL,
	"contact_hash" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"sms_consent" text,
	"consent_token_hash" text,
	"consent_token_expires_at" timestamp with time zone,
	"consent_answered_at" timestamp with time zone,
	"grant_id" uuid,
	"expires_at" timestamp with time zone,
	"authorized_at" timestamp with time zone,
	"status_message" text,
	"renewal_of_id" uuid,
	"identity_review" text DEFAULT 'none' NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"renewal_notice_sent_at" timestamp with time zone,
	"hidden_by_requester" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"reminder_hours" jsonb DEFAULT '[48,120]'::jsonb NOT NULL,
	"renewal_notice_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bluebutton_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"beneficiary_hash" text NOT NULL,
	"beneficiary_encrypted" text NOT NULL,
	"access_token_encrypted" text,
	"refresh_token_encrypted" text,
	"access_expires_at" timestamp with time zone,
	"grant_expires_at" timestamp with time zone,
	"scopes" text DEFAULT '' NOT NULL,
	"demographics_withheld" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"state_hash" text NOT NULL,
	"code_verifier_encrypted" text NOT NULL,
	"client_id" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingestion_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"pages_fetched" integer DEFAULT 0 NOT NULL,
	"pages_total" integer,
	"resources_fetched" integer DEFAULT 0 NOT NULL,
	"last_updated_after" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "claim_diagnoses" (
	"claim_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"code" text NOT NULL,
	"system" text NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "claim_diagnoses_claim_id_sequence_pk" PRIMARY KEY("claim_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "claim_lines" (
	"claim_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"hcpcs" text,
	"modifiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"service_start" date,
	"service_end" date,
	"quantity" numeric,
	"place_of_service" text,
	"provider_npi" text,
	"submitted_cents" bigint,
	"allowed_cents" bigint,
	"medicare_paid_cents" bigint,
	CONSTRAINT "claim_lines_claim_id_sequence_pk" PRIMARY KEY("claim_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "claim_procedures" (
	"claim_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"code" text NOT NULL,
	"system" text NOT NULL,
	"performed_on" date,
	CONSTRAINT "claim_procedures_claim_id_sequence_pk" PRIMARY KEY("claim_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"resource_id" text NOT NULL,
	"claim_type" text NOT NULL,
	"billable_start" date,
	"billable_end" date,
	"type_of_bill" text,
	"provider_npi" text,
	"provider_name" text,
	"submitted_cents" bigint,
	"allowed_cents" bigint,
	"medicare_paid_cents" bigint,
	"patient_pays_cents" bigint,
	"record" jsonb NOT NULL,
	"resource" jsonb NOT NULL,
	"source_last_updated" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coverages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"resource_id" text NOT NULL,
	"part" text,
	"status" text,
	"period_start" date,
	"period_end" date,
	"record" jsonb NOT NULL,
	"resource" jsonb NOT NULL,
	"source_last_updated" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"resource_id" text NOT NULL,
	"ndc" text,
	"drug_name" text,
	"fill_date" date,
	"days_supply" integer,
	"end_date" date,
	"quantity" numeric,
	"refill_number" integer,
	"prescriber_npi" text,
	"prescriber_name" text,
	"pharmacy_name" text,
	"brand_generic" text,
	"total_cost_cents" bigint,
	"patient_pay_cents" bigint,
	"plan_paid_cents" bigint,
	"record" jsonb NOT NULL,
	"resource" jsonb NOT NULL,
	"source_last_updated" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"model" text NOT NULL,
	"payment_year" integer NOT NULL,
	"score" numeric(8, 3) NOT NULL,
	"segment" text NOT NULL,
	"result" jsonb NOT NULL,
	"calculated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tin_id" uuid,
	"full_name" text NOT NULL,
	"given_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"family_name" text,
	"birth_date" date,
	"gender" text,
	"deceased_date" date,
	"mrn_encrypted" text,
	"mrn_hash" text,
	"mbi_encrypted" text,
	"mbi_hash" text,
	"email_encrypted" text,
	"email_hash" text,
	"phone_encrypted" text,
	"phone_hash" text,
	"bluebutton_patient_encrypted" text,
	"bluebutton_patient_hash" text,
	"state" text,
	"postal_code" text,
	"data_as_of" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "authorization_request_events" ADD CONSTRAINT "authorization_request_events_request_id_authorization_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."authorization_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorization_request_events" ADD CONSTRAINT "authorization_request_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD CONSTRAINT "authorization_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD CONSTRAINT "authorization_requests_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD CONSTRAINT "authorization_requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD CONSTRAINT "authorization_requests_grant_id_bluebutton_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."bluebutton_grants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorization_requests" ADD CONSTRAINT "authorization_requests_renewal_of_id_authorization_requests_id_fk" FOREIGN KEY ("renewal_of_id") REFERENCES "public"."authorization_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_diagnoses" ADD CONSTRAINT "claim_diagnoses_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_procedures" ADD CONSTRAINT "claim_procedures_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_scores" ADD CONSTRAINT "risk_scores_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_tin_id_tins_id_fk" FOREIGN KEY ("tin_id") REFERENCES "public"."tins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorization_request_events_request_idx" ON "authorization_request_events" USING btree ("request_id","occurred_at");--> statement-breakpoint
CREATE INDEX "authorization_requests_organization_created_idx" ON "authorization_requests" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "authorization_requests_requester_idx" ON "authorization_requests" USING btree ("requester_user_id","created_at");--> statement-breakpoint
CREATE INDEX "authorization_requests_patient_status_idx" ON "authorization_requests" USING btree ("patient_id","status");--> statement-breakpoint
CREATE INDEX "authorization_requests_status_expires_idx" ON "authorization_requests" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "authorization_requests_contact_idx" ON "authorization_requests" USING btree ("contact_hash","status");--> statement-breakpoint
CREATE UNIQUE INDEX "authorization_requests_consent_token_key" ON "authorization_requests" USING btree ("consent_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "bluebutton_grants_client_beneficiary_key" ON "bluebutton_grants" USING btree ("client_id","beneficiary_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_flows_state_key" ON "consent_flows" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "consent_flows_request_idx" ON "consent_flows" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "ingestion_runs_request_idx" ON "ingestion_runs" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "claim_diagnoses_code_idx" ON "claim_diagnoses" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_patient_resource_key" ON "claims" USING btree ("patient_id","resource_id");--> statement-breakpoint
CREATE INDEX "claims_patient_date_idx" ON "claims" USING btree ("patient_id","billable_end");--> statement-breakpoint
CREATE UNIQUE INDEX "coverages_patient_resource_key" ON "coverages" USING btree ("patient_id","resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "medications_patient_resource_key" ON "medications" USING btree ("patient_id","resource_id");--> statement-breakpoint
CREATE INDEX "medications_patient_fill_idx" ON "medications" USING btree ("patient_id","fill_date");--> statement-breakpoint
CREATE INDEX "risk_scores_patient_idx" ON "risk_scores" USING btree ("patient_id","calculated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_organization_mrn_key" ON "patients" USING btree ("organization_id","mrn_hash") WHERE "patients"."mrn_hash" is not null;--> statement-breakpoint
CREATE INDEX "patients_organization_mbi_idx" ON "patients" USING btree ("organization_id","mbi_hash");--> statement-breakpoint
CREATE INDEX "patients_organization_email_idx" ON "patients" USING btree ("organization_id","email_hash");--> statement-breakpoint
CREATE INDEX "patients_organization_phone_idx" ON "patients" USING btree ("organization_id","phone_hash");--> statement-breakpoint
CREATE INDEX "patients_organization_tin_idx" ON "patients" USING btree ("organization_id","tin_id");--> statement-breakpoint
CREATE INDEX "patients_name_trgm_idx" ON "patients" USING gin (lower("full_name") gin_trgm_ops);