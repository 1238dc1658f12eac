CREATE TABLE "acopios" (
	"id" serial PRIMARY KEY NOT NULL,
	"clave_socio" integer NOT NULL,
	"fecha" date NOT NULL,
	"tipo_de_producto" text NOT NULL,
	"ingreso" numeric(12, 2) NOT NULL,
	"kilos_de_producto" numeric(12, 2),
	"autor" integer,
	"capturado_en" timestamp with time zone,
	"recibido_en" timestamp with time zone,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acopios_producto" CHECK ("acopios"."tipo_de_producto" IN ('CF','MI','JA','SL')),
	CONSTRAINT "acopios_ingreso" CHECK ("acopios"."ingreso" > 0),
	CONSTRAINT "acopios_kilos" CHECK (("acopios"."tipo_de_producto" IN ('CF','MI')) = ("acopios"."kilos_de_producto" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "condonaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"credito" integer NOT NULL,
	"fecha" date NOT NULL,
	"autor" integer NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"interes_ord" numeric(12, 2) NOT NULL,
	"interes_mor" numeric(12, 2) NOT NULL,
	"estatus_previo" text NOT NULL,
	"justificacion" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contratos" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud" integer,
	"clave_socio" integer NOT NULL,
	"proceso" text NOT NULL,
	"tipo_credito" text NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"plazo" integer NOT NULL,
	"prorroga" integer DEFAULT 0 NOT NULL,
	"prorroga_justificacion" text,
	"tasa" numeric(7, 4) NOT NULL,
	"tasa_moratoria" numeric(7, 4) NOT NULL,
	"tipo_tasa" text,
	"fecha_inicio" date,
	"fecha_final" date,
	"estatus" text DEFAULT 'DP' NOT NULL,
	"estatus_ejecucion" text DEFAULT 'PC' NOT NULL,
	"fondo_comun" boolean DEFAULT false NOT NULL,
	"fecha_banco" date,
	"referencia_banco" text,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contratos_monto" CHECK ("contratos"."monto" > 0),
	CONSTRAINT "contratos_plazo" CHECK ("contratos"."plazo" BETWEEN 1 AND 240),
	CONSTRAINT "contratos_prorroga" CHECK ("contratos"."prorroga" BETWEEN 0 AND 14),
	CONSTRAINT "contratos_estatus" CHECK ("contratos"."estatus" IN ('DP','PA','CN')),
	CONSTRAINT "contratos_ejecucion" CHECK ("contratos"."estatus_ejecucion" IN ('PC','CO','CA')),
	CONSTRAINT "contratos_tipo_tasa" CHECK ("contratos"."tipo_tasa" IS NULL OR "contratos"."tipo_tasa" IN ('FI','VA'))
);
--> statement-breakpoint
CREATE TABLE "movimientos" (
	"id" serial PRIMARY KEY NOT NULL,
	"clave_socio" integer NOT NULL,
	"fecha_entrega" date NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"proceso" text NOT NULL,
	"aportacion" boolean NOT NULL,
	"ordinario" boolean DEFAULT true NOT NULL,
	"tipo_de_movimiento" text NOT NULL,
	"fecha_banco" date,
	"referencia_banco" text,
	"responsable_entrega" text,
	"autor" integer,
	"capturado_en" timestamp with time zone,
	"recibido_en" timestamp with time zone,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movimientos_monto" CHECK ("movimientos"."monto" > 0),
	CONSTRAINT "movimientos_proceso" CHECK ("movimientos"."proceso" IN ('CF','MI','JA','SL')),
	CONSTRAINT "movimientos_tipo" CHECK ("movimientos"."tipo_de_movimiento" IN ('EF','BA','TR')),
	CONSTRAINT "movimientos_efectivo" CHECK ("movimientos"."tipo_de_movimiento" <> 'EF' OR ("movimientos"."fecha_banco" IS NULL AND "movimientos"."referencia_banco" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "pagos" (
	"id" serial PRIMARY KEY NOT NULL,
	"credito" integer NOT NULL,
	"fecha_pago" date NOT NULL,
	"cantidad" numeric(12, 2) NOT NULL,
	"abono_capital" numeric(12, 2) NOT NULL,
	"interes_ord" numeric(12, 2) NOT NULL,
	"interes_mor" numeric(12, 2) NOT NULL,
	"autor" integer NOT NULL,
	"fecha_banco" date,
	"referencia_banco" text,
	"estatus_previo" text NOT NULL,
	"deuda_prev_total" numeric(12, 2) NOT NULL,
	"deuda_prev_capital" numeric(12, 2) NOT NULL,
	"deuda_prev_int_ord" numeric(12, 2) NOT NULL,
	"deuda_prev_int_mor" numeric(12, 2) NOT NULL,
	"capturado_en" timestamp with time zone,
	"recibido_en" timestamp with time zone,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagos_cantidad" CHECK ("pagos"."cantidad" > 0),
	CONSTRAINT "pagos_partes" CHECK ("pagos"."abono_capital" >= 0 AND "pagos"."interes_ord" >= 0 AND "pagos"."interes_mor" >= 0),
	CONSTRAINT "pagos_suma" CHECK ("pagos"."cantidad" = "pagos"."abono_capital" + "pagos"."interes_ord" + "pagos"."interes_mor")
);
--> statement-breakpoint
CREATE TABLE "solicitud_chat" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud" integer NOT NULL,
	"user_id" integer NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"comentario" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitudes" (
	"folio_solicitud" serial PRIMARY KEY NOT NULL,
	"fecha_solicitud" date NOT NULL,
	"clave_socio" integer NOT NULL,
	"proceso" text NOT NULL,
	"tipo_credito" text DEFAULT 'MC' NOT NULL,
	"act_productiva" text,
	"act_productiva_otro" text,
	"mot_credito" text DEFAULT 'TR' NOT NULL,
	"mot_credito_otro" text,
	"emergencia_medica" boolean DEFAULT false NOT NULL,
	"monto_solicitado" numeric(12, 2) NOT NULL,
	"plazo_de_pago_solicitado" integer NOT NULL,
	"justificacion_credito" text NOT NULL,
	"aval" integer NOT NULL,
	"familiar_responsable" text NOT NULL,
	"comentarios_promotor" text,
	"estatus_solicitud" text DEFAULT 'RV' NOT NULL,
	"estatus_evaluacion" text DEFAULT 'RV' NOT NULL,
	"pregunta_1" boolean,
	"pregunta_2" boolean,
	"pregunta_3" boolean,
	"pregunta_4" boolean,
	"irregularidades" text,
	"comentarios_coordinador" text,
	"monto_aprobado" numeric(12, 2),
	"plazo_aprobado" integer,
	"tasa_aprobada" numeric(7, 4),
	"tasa_mor_aprobada" numeric(7, 4),
	"comentarios_gerente" text,
	"promotor" integer NOT NULL,
	"capturado_en" timestamp with time zone,
	"recibido_en" timestamp with time zone,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solicitudes_monto" CHECK ("solicitudes"."monto_solicitado" > 0),
	CONSTRAINT "solicitudes_estatus" CHECK ("solicitudes"."estatus_solicitud" IN ('AP','RV','RE','NE','CA')),
	CONSTRAINT "solicitudes_evaluacion" CHECK ("solicitudes"."estatus_evaluacion" IN ('RV','NE','AP','CA')),
	CONSTRAINT "solicitudes_tipo" CHECK ("solicitudes"."tipo_credito" IN ('MC','CP','FC')),
	CONSTRAINT "solicitudes_proceso" CHECK ("solicitudes"."proceso" IN ('CF','MI','JA','SL'))
);
--> statement-breakpoint
ALTER TABLE "acopios" ADD CONSTRAINT "acopios_clave_socio_socios_clave_socio_fk" FOREIGN KEY ("clave_socio") REFERENCES "public"."socios"("clave_socio") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acopios" ADD CONSTRAINT "acopios_autor_users_id_fk" FOREIGN KEY ("autor") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condonaciones" ADD CONSTRAINT "condonaciones_credito_contratos_id_fk" FOREIGN KEY ("credito") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condonaciones" ADD CONSTRAINT "condonaciones_autor_users_id_fk" FOREIGN KEY ("autor") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_solicitud_solicitudes_folio_solicitud_fk" FOREIGN KEY ("solicitud") REFERENCES "public"."solicitudes"("folio_solicitud") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_clave_socio_socios_clave_socio_fk" FOREIGN KEY ("clave_socio") REFERENCES "public"."socios"("clave_socio") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos" ADD CONSTRAINT "movimientos_clave_socio_socios_clave_socio_fk" FOREIGN KEY ("clave_socio") REFERENCES "public"."socios"("clave_socio") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos" ADD CONSTRAINT "movimientos_autor_users_id_fk" FOREIGN KEY ("autor") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_credito_contratos_id_fk" FOREIGN KEY ("credito") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_autor_users_id_fk" FOREIGN KEY ("autor") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_chat" ADD CONSTRAINT "solicitud_chat_solicitud_solicitudes_folio_solicitud_fk" FOREIGN KEY ("solicitud") REFERENCES "public"."solicitudes"("folio_solicitud") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_chat" ADD CONSTRAINT "solicitud_chat_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_clave_socio_socios_clave_socio_fk" FOREIGN KEY ("clave_socio") REFERENCES "public"."socios"("clave_socio") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_aval_socios_clave_socio_fk" FOREIGN KEY ("aval") REFERENCES "public"."socios"("clave_socio") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_promotor_users_id_fk" FOREIGN KEY ("promotor") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acopios_socio_fecha_idx" ON "acopios" USING btree ("clave_socio","fecha");--> statement-breakpoint
CREATE INDEX "acopios_fecha_idx" ON "acopios" USING btree ("fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "condonaciones_credito_uq" ON "condonaciones" USING btree ("credito");--> statement-breakpoint
CREATE UNIQUE INDEX "contratos_solicitud_uq" ON "contratos" USING btree ("solicitud");--> statement-breakpoint
CREATE INDEX "contratos_socio_idx" ON "contratos" USING btree ("clave_socio");--> statement-breakpoint
CREATE INDEX "movimientos_socio_idx" ON "movimientos" USING btree ("clave_socio","fecha_entrega");--> statement-breakpoint
CREATE INDEX "pagos_credito_idx" ON "pagos" USING btree ("credito","fecha_pago");--> statement-breakpoint
CREATE INDEX "solicitud_chat_solicitud_idx" ON "solicitud_chat" USING btree ("solicitud");--> statement-breakpoint
CREATE INDEX "solicitudes_socio_idx" ON "solicitudes" USING btree ("clave_socio");--> statement-breakpoint
CREATE INDEX "solicitudes_promotor_idx" ON "solicitudes" USING btree ("promotor");--> statement-breakpoint
CREATE INDEX "solicitudes_fecha_idx" ON "solicitudes" USING btree ("fecha_solicitud");