CREATE TABLE "risk_gap_patients" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"part_d" jsonb,
	"caveats" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "risk_gaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"gap_key" text NOT NULL,
	"type" text NOT NULL,
	"condition" text NOT NULL,
	"model" text NOT NULL,
	"hcc" text,
	"hcc_label" text,
	"value" numeric(8, 3) NOT NULL,
	"rx_hcc" text,
	"rx_hcc_label" text,
	"rx_value" numeric(8, 3) NOT NULL,
	"trumped_by" text,
	"confidence" text,
	"suggested_code" text,
	"last_date" date,
	"provider_npi" text,
	"provider_name" text,
	"evidence" jsonb NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"status_reason" text,
	"defer_until" date,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" uuid,
	"computed_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "risk_gap_patients" ADD CONSTRAINT "risk_gap_patients_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_gaps" ADD CONSTRAINT "risk_gaps_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_gaps" ADD CONSTRAINT "risk_gaps_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_gaps" ADD CONSTRAINT "risk_gaps_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_gaps_patient_key" ON "risk_gaps" USING btree ("patient_id","gap_key");--> statement-breakpoint
CREATE INDEX "risk_gaps_worklist_idx" ON "risk_gaps" USING btree ("organization_id","status","value" DESC NULLS LAST,"id") WHERE current;--> statement-breakpoint
CREATE INDEX "risk_gaps_provider_idx" ON "risk_gaps" USING btree ("organization_id","provider_npi") WHERE current;
