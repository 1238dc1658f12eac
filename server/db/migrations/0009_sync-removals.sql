CREATE TABLE "sync_removals" (
	"version" bigint PRIMARY KEY DEFAULT nextval('row_version_seq') NOT NULL,
	"table_name" text NOT NULL,
	"row_id" integer NOT NULL,
	"region" integer,
	"clave_socio" integer,
	"promotor" integer,
	"deleted" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
