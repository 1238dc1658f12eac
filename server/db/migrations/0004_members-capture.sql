ALTER TABLE "socios" ADD COLUMN "capturado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "socios" ADD COLUMN "recibido_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comunidades" ADD COLUMN "capturado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comunidades" ADD COLUMN "recibido_en" timestamp with time zone;