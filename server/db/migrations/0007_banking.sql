CREATE TABLE "bancos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"nombre_cuenta" text NOT NULL,
	"numero_cuenta" text DEFAULT '' NOT NULL,
	"clabe" text DEFAULT '' NOT NULL,
	"externo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movimientos_banco" (
	"id" serial PRIMARY KEY NOT NULL,
	"referencia_banco" text NOT NULL,
	"fecha" date NOT NULL,
	"cantidad" numeric(12, 2) NOT NULL,
	"referencia_alf" text,
	"tipo" text NOT NULL,
	"ingr_egr" boolean NOT NULL,
	"usuario" integer NOT NULL,
	"fecha_captura" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movimientos_banco_cantidad" CHECK ("movimientos_banco"."cantidad" > 0),
	CONSTRAINT "movimientos_banco_referencia" CHECK ("movimientos_banco"."referencia_banco" ~ '^[A-Z0-9]+$')
);
--> statement-breakpoint
CREATE TABLE "registros_contables" (
	"id" serial PRIMARY KEY NOT NULL,
	"movimiento_banco" integer NOT NULL,
	"subcuenta" integer NOT NULL,
	"fecha" date NOT NULL,
	"cantidad" numeric(12, 2) NOT NULL,
	"ingr_egr" boolean NOT NULL,
	"relacion_sistema" text,
	"aport_retiro" integer,
	"pago" integer,
	"ej_credito" integer,
	"usuario" integer NOT NULL,
	"fecha_captura" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registros_contables_cantidad" CHECK ("registros_contables"."cantidad" > 0),
	CONSTRAINT "registros_contables_relacion" CHECK ("registros_contables"."relacion_sistema" IS NULL OR "registros_contables"."relacion_sistema" IN ('APORTACION','RETIRO','CAPITAL','INTERES_ORD','INTERES_MOR','EJERCICIO')),
	CONSTRAINT "registros_contables_vinculo" CHECK (("registros_contables"."relacion_sistema" IS NULL AND "registros_contables"."aport_retiro" IS NULL AND "registros_contables"."pago" IS NULL AND "registros_contables"."ej_credito" IS NULL)
        OR ("registros_contables"."relacion_sistema" IN ('APORTACION','RETIRO') AND "registros_contables"."aport_retiro" IS NOT NULL AND "registros_contables"."pago" IS NULL AND "registros_contables"."ej_credito" IS NULL)
        OR ("registros_contables"."relacion_sistema" IN ('CAPITAL','INTERES_ORD','INTERES_MOR') AND "registros_contables"."pago" IS NOT NULL AND "registros_contables"."aport_retiro" IS NULL AND "registros_contables"."ej_credito" IS NULL)
        OR ("registros_contables"."relacion_sistema" = 'EJERCICIO' AND "registros_contables"."ej_credito" IS NOT NULL AND "registros_contables"."aport_retiro" IS NULL AND "registros_contables"."pago" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "subcuentas" (
	"id" serial PRIMARY KEY NOT NULL,
	"banco" integer NOT NULL,
	"nombre" text NOT NULL,
	"id_contable" text NOT NULL,
	"tipo" text NOT NULL,
	"sistema" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subcuentas_tipo" CHECK ("subcuentas"."tipo" IN ('IN','EG','IE'))
);
--> statement-breakpoint
ALTER TABLE "movimientos_banco" ADD CONSTRAINT "movimientos_banco_usuario_users_id_fk" FOREIGN KEY ("usuario") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_contables" ADD CONSTRAINT "registros_contables_movimiento_banco_movimientos_banco_id_fk" FOREIGN KEY ("movimiento_banco") REFERENCES "public"."movimientos_banco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_contables" ADD CONSTRAINT "registros_contables_subcuenta_subcuentas_id_fk" FOREIGN KEY ("subcuenta") REFERENCES "public"."subcuentas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_contables" ADD CONSTRAINT "registros_contables_aport_retiro_movimientos_id_fk" FOREIGN KEY ("aport_retiro") REFERENCES "public"."movimientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_contables" ADD CONSTRAINT "registros_contables_pago_pagos_id_fk" FOREIGN KEY ("pago") REFERENCES "public"."pagos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_contables" ADD CONSTRAINT "registros_contables_ej_credito_contratos_id_fk" FOREIGN KEY ("ej_credito") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_contables" ADD CONSTRAINT "registros_contables_usuario_users_id_fk" FOREIGN KEY ("usuario") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcuentas" ADD CONSTRAINT "subcuentas_banco_bancos_id_fk" FOREIGN KEY ("banco") REFERENCES "public"."bancos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "movimientos_banco_referencia_uq" ON "movimientos_banco" USING btree ("referencia_banco");--> statement-breakpoint
CREATE INDEX "movimientos_banco_fecha_idx" ON "movimientos_banco" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "registros_contables_fecha_idx" ON "registros_contables" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "registros_contables_subcuenta_idx" ON "registros_contables" USING btree ("subcuenta","fecha");--> statement-breakpoint
CREATE INDEX "registros_contables_movimiento_idx" ON "registros_contables" USING btree ("movimiento_banco");--> statement-breakpoint
CREATE UNIQUE INDEX "registros_contables_aport_retiro_uq" ON "registros_contables" USING btree ("aport_retiro") WHERE "registros_contables"."aport_retiro" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "registros_contables_pago_uq" ON "registros_contables" USING btree ("pago","relacion_sistema") WHERE "registros_contables"."pago" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "registros_contables_ej_credito_uq" ON "registros_contables" USING btree ("ej_credito") WHERE "registros_contables"."ej_credito" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "subcuentas_id_contable_uq" ON "subcuentas" USING btree ("id_contable");--> statement-breakpoint
CREATE INDEX "subcuentas_banco_idx" ON "subcuentas" USING btree ("banco");