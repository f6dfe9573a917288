CREATE TABLE "template_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"automation_id" text NOT NULL,
	"version" integer NOT NULL,
	"content_hash" text NOT NULL,
	"workflow_json" "bytea" NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changelog" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"status" text DEFAULT 'published' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "template_version" integer;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "template_versions_automation_version_idx" ON "template_versions" USING btree ("automation_id","version");--> statement-breakpoint
CREATE INDEX "template_versions_created_idx" ON "template_versions" USING btree ("created_at");