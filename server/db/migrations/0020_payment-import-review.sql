ALTER TABLE "pagos" DROP CONSTRAINT "pagos_partes";--> statement-breakpoint
ALTER TABLE "pagos" DROP CONSTRAINT "pagos_suma";--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "por_revisar" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_partes" CHECK ("pagos"."por_revisar" OR ("pagos"."abono_capital" >= 0 AND "pagos"."interes_ord" >= 0 AND "pagos"."interes_mor" >= 0));--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_suma" CHECK ("pagos"."por_revisar" OR "pagos"."cantidad" = "pagos"."abono_capital" + "pagos"."interes_ord" + "pagos"."interes_mor");