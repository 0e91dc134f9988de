DROP INDEX "tins_organization_identifier_key";--> statement-breakpoint
ALTER TABLE "tins" ADD COLUMN "created_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "tins" ADD CONSTRAINT "tins_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tins_organization_identifier_active_key" ON "tins" USING btree ("organization_id","identifier_hash") WHERE "tins"."is_active";