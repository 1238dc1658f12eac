CREATE TABLE "field_queue_reports" (
	"user_id" integer NOT NULL,
	"device" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL,
	"oldest_captured_at" timestamp with time zone,
	"oldest_refused_at" timestamp with time zone,
	CONSTRAINT "field_queue_reports_user_id_device_pk" PRIMARY KEY("user_id","device")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "socio" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "credito" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "monto" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "kilos" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "replaces_key" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "discarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "discard_reason" text;--> statement-breakpoint
ALTER TABLE "field_queue_reports" ADD CONSTRAINT "field_queue_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_received_id_idx" ON "idempotency_keys" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_replaces_idx" ON "idempotency_keys" USING btree ("user_id","replaces_key");