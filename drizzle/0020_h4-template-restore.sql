ALTER TABLE "deployments" ADD COLUMN "backup_workflow_id" text;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "backup_version" integer;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "restored_at" timestamp with time zone;