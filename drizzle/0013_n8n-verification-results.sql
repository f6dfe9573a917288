CREATE TABLE "n8n_verification_results" (
	"automation_id" text NOT NULL,
	"n8n_line" text NOT NULL,
	"content_hash" text NOT NULL,
	"n8n_version" text NOT NULL,
	"run_by" text NOT NULL,
	"accepted" boolean NOT NULL,
	"activated" boolean,
	"ran" boolean,
	"credentials_bound" boolean,
	"refused_only_for_credentials" boolean,
	"failed_step" text,
	"failure" text,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "n8n_verification_results_automation_id_n8n_line_pk" PRIMARY KEY("automation_id","n8n_line")
);
--> statement-breakpoint
ALTER TABLE "n8n_verification_results" ADD CONSTRAINT "n8n_verification_results_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "n8n_verification_results_verified_at_idx" ON "n8n_verification_results" USING btree ("verified_at");