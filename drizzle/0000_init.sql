CREATE TABLE "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text,
	"run_count" integer DEFAULT 0 NOT NULL
);
