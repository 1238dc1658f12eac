CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client" text NOT NULL,
	"username" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cleared" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failures_username_idx" ON "login_failures" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "login_failures_client_idx" ON "login_failures" USING btree ("client","at");--> statement-breakpoint
CREATE INDEX "login_failures_at_idx" ON "login_failures" USING btree ("at");