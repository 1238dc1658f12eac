DROP INDEX "acopios_recibo_uq";--> statement-breakpoint
DROP INDEX "acopios_recibo_codigo_uq";--> statement-breakpoint
DROP INDEX "movimientos_recibo_uq";--> statement-breakpoint
DROP INDEX "movimientos_recibo_codigo_uq";--> statement-breakpoint
DROP INDEX "pagos_recibo_uq";--> statement-breakpoint
DROP INDEX "pagos_recibo_codigo_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "acopios_autor_recibo_uq" ON "acopios" USING btree ("autor","recibo");--> statement-breakpoint
CREATE UNIQUE INDEX "acopios_autor_recibo_codigo_uq" ON "acopios" USING btree ("autor","recibo_codigo");--> statement-breakpoint
CREATE INDEX "acopios_recibo_codigo_idx" ON "acopios" USING btree ("recibo_codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "movimientos_autor_recibo_uq" ON "movimientos" USING btree ("autor","recibo");--> statement-breakpoint
CREATE UNIQUE INDEX "movimientos_autor_recibo_codigo_uq" ON "movimientos" USING btree ("autor","recibo_codigo");--> statement-breakpoint
CREATE INDEX "movimientos_recibo_codigo_idx" ON "movimientos" USING btree ("recibo_codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_autor_recibo_uq" ON "pagos" USING btree ("autor","recibo");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_autor_recibo_codigo_uq" ON "pagos" USING btree ("autor","recibo_codigo");--> statement-breakpoint
CREATE INDEX "pagos_recibo_codigo_idx" ON "pagos" USING btree ("recibo_codigo");