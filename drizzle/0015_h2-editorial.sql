CREATE TABLE "automation_editorial" (
	"automation_id" text PRIMARY KEY NOT NULL,
	"title" text,
	"summary" text,
	"tags" jsonb,
	"reviewed_at" timestamp with time zone,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"guides" text DEFAULT 'show' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_settings_one_row" CHECK ("catalog_settings"."id" = 1)
);
