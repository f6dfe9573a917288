ALTER TABLE "automations" ADD COLUMN "author_notes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "quality" jsonb;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "deploy_override" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "source_order" integer DEFAULT 0 NOT NULL;