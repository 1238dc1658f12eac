ALTER TABLE "socios" DROP CONSTRAINT "socios_genero";--> statement-breakpoint
ALTER TABLE "socios" ALTER COLUMN "fecha_nacimiento" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "socios" ALTER COLUMN "fecha_ingr_yomol_atel" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "socios" ALTER COLUMN "fecha_ingr_programa" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "socios" ALTER COLUMN "cargo" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "socios" ADD CONSTRAINT "socios_genero" CHECK ("socios"."genero" IN ('MA','FE','OT'));