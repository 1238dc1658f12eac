CREATE TABLE "receipt_devices" (
	"user_id" integer NOT NULL,
	"codigo" text NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "receipt_devices_user_id_codigo_pk" PRIMARY KEY("user_id","codigo")
);
--> statement-breakpoint
ALTER TABLE "receipt_devices" ADD CONSTRAINT "receipt_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_devices_user_seen_idx" ON "receipt_devices" USING btree ("user_id","last_seen");