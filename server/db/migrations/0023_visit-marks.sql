CREATE TABLE "visit_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"clave_socio" integer NOT NULL,
	"promotor" integer NOT NULL,
	"tipo" text NOT NULL,
	"fecha" date NOT NULL,
	"fecha_promesa" date,
	"capturado_en" timestamp with time zone NOT NULL,
	"recibido_en" timestamp with time zone NOT NULL,
	CONSTRAINT "visit_marks_tipo" CHECK ("visit_marks"."tipo" IN ('ausente', 'promesa', 'visitado')),
	CONSTRAINT "visit_marks_promesa" CHECK (("visit_marks"."tipo" = 'promesa') = ("visit_marks"."fecha_promesa" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "visit_marks" ADD CONSTRAINT "visit_marks_clave_socio_socios_clave_socio_fk" FOREIGN KEY ("clave_socio") REFERENCES "public"."socios"("clave_socio") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_marks" ADD CONSTRAINT "visit_marks_promotor_users_id_fk" FOREIGN KEY ("promotor") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_marks_socio_idx" ON "visit_marks" USING btree ("clave_socio","fecha");--> statement-breakpoint
CREATE INDEX "visit_marks_promotor_idx" ON "visit_marks" USING btree ("promotor","fecha");