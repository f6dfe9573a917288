CREATE TABLE "n8n_verifications" (
	"automation_id" text PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"n8n_version" text NOT NULL,
	"run_by" text NOT NULL,
	"accepted" boolean NOT NULL,
	"activated" boolean,
	"ran" boolean,
	"failed_step" text,
	"failure" text,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "n8n_verifications" ADD CONSTRAINT "n8n_verifications_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "n8n_verifications_verified_at_idx" ON "n8n_verifications" USING btree ("verified_at");