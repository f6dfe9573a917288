CREATE TABLE "deployments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"automation_id" text NOT NULL,
	"automation_title" text NOT NULL,
	"connection_id" uuid,
	"instance_url" text NOT NULL,
	"n8n_workflow_id" text,
	"workflow_name" text,
	"status" text NOT NULL,
	"error" text,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "n8n_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"instance_url" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"api_key_mask" text NOT NULL,
	"webhook_url" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'disconnected' NOT NULL,
	"last_test_message" text,
	"last_tested_at" timestamp with time zone,
	"workflow_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_connection_id_n8n_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."n8n_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "n8n_connections" ADD CONSTRAINT "n8n_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deployments_user_created_idx" ON "deployments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "n8n_connections_user_idx" ON "n8n_connections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "n8n_connections_one_default_idx" ON "n8n_connections" USING btree ("user_id") WHERE "n8n_connections"."is_default";