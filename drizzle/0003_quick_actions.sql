CREATE TABLE "quick_action_uses" (
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quick_action_uses_user_id_action_pk" PRIMARY KEY("user_id","action")
);
--> statement-breakpoint
ALTER TABLE "quick_action_uses" ADD CONSTRAINT "quick_action_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;