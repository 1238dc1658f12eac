CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"skipped" integer NOT NULL,
	"row_version_mark" bigint NOT NULL,
	"max_ids" jsonb NOT NULL,
	"report" jsonb NOT NULL
);
