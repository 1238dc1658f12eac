ALTER TABLE "sessions" ADD COLUMN "lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "lost_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "final_push_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "device_lost_at" timestamp with time zone;