ALTER TABLE "acopios" ADD COLUMN "recibo" text;--> statement-breakpoint
ALTER TABLE "acopios" ADD COLUMN "recibo_codigo" text;--> statement-breakpoint
ALTER TABLE "acopios" ADD COLUMN "recibo_reemplaza" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "receipt_code" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "movimientos" ADD COLUMN "recibo" text;--> statement-breakpoint
ALTER TABLE "movimientos" ADD COLUMN "recibo_codigo" text;--> statement-breakpoint
ALTER TABLE "movimientos" ADD COLUMN "recibo_reemplaza" text;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "recibo" text;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "recibo_codigo" text;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "recibo_reemplaza" text;--> statement-breakpoint
CREATE UNIQUE INDEX "acopios_recibo_uq" ON "acopios" USING btree ("recibo");--> statement-breakpoint
CREATE UNIQUE INDEX "acopios_recibo_codigo_uq" ON "acopios" USING btree ("recibo_codigo");--> statement-breakpoint
CREATE INDEX "idempotency_keys_receipt_code_idx" ON "idempotency_keys" USING btree ("receipt_code");--> statement-breakpoint
CREATE UNIQUE INDEX "movimientos_recibo_uq" ON "movimientos" USING btree ("recibo");--> statement-breakpoint
CREATE UNIQUE INDEX "movimientos_recibo_codigo_uq" ON "movimientos" USING btree ("recibo_codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_recibo_uq" ON "pagos" USING btree ("recibo");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_recibo_codigo_uq" ON "pagos" USING btree ("recibo_codigo");