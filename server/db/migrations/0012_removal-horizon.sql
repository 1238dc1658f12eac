CREATE TABLE "sync_removal_horizon" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
