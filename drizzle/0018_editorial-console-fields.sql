ALTER TABLE "automation_editorial" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "automation_editorial" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "automation_editorial" ADD COLUMN "video_url" text;