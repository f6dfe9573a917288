CREATE TABLE "automation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"automation_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_ratings" (
	"user_id" text NOT NULL,
	"automation_id" text NOT NULL,
	"stars" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_ratings_user_id_automation_id_pk" PRIMARY KEY("user_id","automation_id"),
	CONSTRAINT "automation_ratings_stars_check" CHECK ("automation_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "automations" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"summary" text NOT NULL,
	"author" text NOT NULL,
	"category" text NOT NULL,
	"difficulty" text NOT NULL,
	"tags" jsonb NOT NULL,
	"integrations" jsonb NOT NULL,
	"trigger_type" text NOT NULL,
	"node_count" integer NOT NULL,
	"credentials" jsonb NOT NULL,
	"deployable" boolean NOT NULL,
	"how_it_works" text NOT NULL,
	"setup_steps" jsonb NOT NULL,
	"video_url" text,
	"resource_url" text,
	"template_url" text,
	"workflow_json" text,
	"source_rating" real,
	"file_path" text,
	"content_hash" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_stats" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"total_workflows" integer NOT NULL,
	"youtube_workflows" integer NOT NULL,
	"reddit_workflows" integer NOT NULL,
	"skool_workflows" integer NOT NULL,
	"other_workflows" integer NOT NULL,
	"per_source" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"sender_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"unsubscribe_token_hash" text NOT NULL,
	"sender_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "automation_events" ADD CONSTRAINT "automation_events_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_ratings" ADD CONSTRAINT "automation_ratings_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_events_automation_idx" ON "automation_events" USING btree ("automation_id","kind");--> statement-breakpoint
CREATE INDEX "automation_ratings_automation_idx" ON "automation_ratings" USING btree ("automation_id");--> statement-breakpoint
CREATE INDEX "automations_category_idx" ON "automations" USING btree ("category");--> statement-breakpoint
CREATE INDEX "automations_author_idx" ON "automations" USING btree ("author");--> statement-breakpoint
CREATE INDEX "contact_messages_sender_created_idx" ON "contact_messages" USING btree ("sender_hash","created_at");--> statement-breakpoint
CREATE INDEX "newsletter_sender_created_idx" ON "newsletter_subscribers" USING btree ("sender_hash","created_at");