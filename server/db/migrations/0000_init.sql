CREATE SEQUENCE "public"."row_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "socios" (
	"clave_socio" serial PRIMARY KEY NOT NULL,
	"nombres" text NOT NULL,
	"apellido_paterno" text NOT NULL,
	"apellido_materno" text DEFAULT '' NOT NULL,
	"curp" text,
	"telefono" text,
	"fecha_nacimiento" date NOT NULL,
	"genero" text DEFAULT 'MA' NOT NULL,
	"fecha_ingr_yomol_atel" date NOT NULL,
	"fecha_ingr_programa" date NOT NULL,
	"clave_anterior" text,
	"comunidad" integer NOT NULL,
	"cargo" integer NOT NULL,
	"cargo_coop" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"empresa" integer,
	"puesto" integer,
	"fuente" integer,
	"estatus_cafe" text DEFAULT 'NP' NOT NULL,
	"estatus_miel" text DEFAULT 'NP' NOT NULL,
	"estatus_yip" text DEFAULT 'NP' NOT NULL,
	"estatus_trabajador" text DEFAULT 'NP' NOT NULL,
	"estatus_comon_sit" text DEFAULT 'NP' NOT NULL,
	"doc_curp" boolean DEFAULT false NOT NULL,
	"doc_domicilio" boolean DEFAULT false NOT NULL,
	"doc_act_nac" boolean DEFAULT false NOT NULL,
	"doc_ine" boolean DEFAULT false NOT NULL,
	"doc_rfc" boolean DEFAULT false NOT NULL,
	"rfc" text,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "socios_genero" CHECK ("socios"."genero" IN ('MA','FE')),
	CONSTRAINT "socios_estatus_cafe" CHECK ("socios"."estatus_cafe" IN ('AC','NP','BA')),
	CONSTRAINT "socios_estatus_miel" CHECK ("socios"."estatus_miel" IN ('AC','NP','BA')),
	CONSTRAINT "socios_estatus_yip" CHECK ("socios"."estatus_yip" IN ('AC','NP','BA')),
	CONSTRAINT "socios_estatus_trabajador" CHECK ("socios"."estatus_trabajador" IN ('AC','NP','BA')),
	CONSTRAINT "socios_estatus_comon_sit" CHECK ("socios"."estatus_comon_sit" IN ('AC','NP','BA'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"clave_socio" integer,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_role" CHECK ("users"."role" IN ('SO','PR','CO','GE','VI'))
);
--> statement-breakpoint
CREATE TABLE "cargos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre_de_cargo" text NOT NULL,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cargos_coop" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre_cargo_coop" text NOT NULL,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comunidades" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre_de_comunidad" text NOT NULL,
	"region" integer DEFAULT 1 NOT NULL,
	"ermita" integer,
	"inegi_localidad" text,
	"lat" double precision,
	"lng" double precision,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre_empresa" text NOT NULL,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ermitas" (
	"ermita_id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"zona" integer,
	"interzona" integer,
	"municipio" integer,
	"localidad" integer,
	"localidad_nota" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fuentes" (
	"id" serial PRIMARY KEY NOT NULL,
	"fuente" text NOT NULL,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interzonas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interzonas_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "localidades" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"municipio" integer NOT NULL,
	"clave_inegi" text,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipios" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"clave_inegi" text,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "municipios_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "puestos" (
	"id" serial PRIMARY KEY NOT NULL,
	"puesto" text NOT NULL,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regiones" (
	"id" integer PRIMARY KEY NOT NULL,
	"nombre_de_region" text NOT NULL,
	"poly" jsonb,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regiones_id_range" CHECK ("regiones"."id" BETWEEN 1 AND 99)
);
--> statement-breakpoint
CREATE TABLE "zonas" (
	"id" serial PRIMARY KEY NOT NULL,
	"zona_id" text NOT NULL,
	"nombre" text NOT NULL,
	"interzona" integer,
	"poly" jsonb,
	"poly_encuesta" jsonb,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zonas_zona_id_unique" UNIQUE("zona_id")
);
--> statement-breakpoint
ALTER TABLE "socios" ADD CONSTRAINT "socios_comunidad_comunidades_id_fk" FOREIGN KEY ("comunidad") REFERENCES "public"."comunidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "socios" ADD CONSTRAINT "socios_cargo_cargos_id_fk" FOREIGN KEY ("cargo") REFERENCES "public"."cargos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "socios" ADD CONSTRAINT "socios_empresa_empresas_id_fk" FOREIGN KEY ("empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "socios" ADD CONSTRAINT "socios_puesto_puestos_id_fk" FOREIGN KEY ("puesto") REFERENCES "public"."puestos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "socios" ADD CONSTRAINT "socios_fuente_fuentes_id_fk" FOREIGN KEY ("fuente") REFERENCES "public"."fuentes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_clave_socio_socios_clave_socio_fk" FOREIGN KEY ("clave_socio") REFERENCES "public"."socios"("clave_socio") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunidades" ADD CONSTRAINT "comunidades_region_regiones_id_fk" FOREIGN KEY ("region") REFERENCES "public"."regiones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunidades" ADD CONSTRAINT "comunidades_ermita_ermitas_ermita_id_fk" FOREIGN KEY ("ermita") REFERENCES "public"."ermitas"("ermita_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ermitas" ADD CONSTRAINT "ermitas_zona_zonas_id_fk" FOREIGN KEY ("zona") REFERENCES "public"."zonas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ermitas" ADD CONSTRAINT "ermitas_interzona_interzonas_id_fk" FOREIGN KEY ("interzona") REFERENCES "public"."interzonas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ermitas" ADD CONSTRAINT "ermitas_municipio_municipios_id_fk" FOREIGN KEY ("municipio") REFERENCES "public"."municipios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ermitas" ADD CONSTRAINT "ermitas_localidad_localidades_id_fk" FOREIGN KEY ("localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "localidades" ADD CONSTRAINT "localidades_municipio_municipios_id_fk" FOREIGN KEY ("municipio") REFERENCES "public"."municipios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zonas" ADD CONSTRAINT "zonas_interzona_interzonas_id_fk" FOREIGN KEY ("interzona") REFERENCES "public"."interzonas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "socios_comunidad_idx" ON "socios" USING btree ("comunidad");--> statement-breakpoint
CREATE INDEX "comunidades_region_idx" ON "comunidades" USING btree ("region");--> statement-breakpoint
CREATE INDEX "localidades_municipio_idx" ON "localidades" USING btree ("municipio");