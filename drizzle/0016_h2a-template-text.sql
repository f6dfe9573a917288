ALTER TABLE "automations" ADD COLUMN "title_source" text DEFAULT 'author' NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "summary_source" text DEFAULT 'generated' NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "purpose" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "purpose_source" text;--> statement-breakpoint
ALTER TABLE "catalog_import_staging" ADD COLUMN "title_source" text DEFAULT 'author' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_import_staging" ADD COLUMN "summary_source" text DEFAULT 'generated' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_import_staging" ADD COLUMN "purpose" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_import_staging" ADD COLUMN "purpose_source" text;