CREATE TABLE "trip_closing_captures" (
	"closing_id" integer NOT NULL,
	"clave" text NOT NULL,
	"tipo" text NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"estado" text NOT NULL,
	CONSTRAINT "trip_closing_captures_closing_id_clave_pk" PRIMARY KEY("closing_id","clave"),
	CONSTRAINT "trip_closing_captures_tipo" CHECK ("trip_closing_captures"."tipo" IN ('pago','aportacion','retiro')),
	CONSTRAINT "trip_closing_captures_estado" CHECK ("trip_closing_captures"."estado" IN ('enviado','pendiente','rechazado')),
	CONSTRAINT "trip_closing_captures_monto" CHECK ("trip_closing_captures"."monto" > 0)
);
--> statement-breakpoint
CREATE TABLE "trip_closings" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotor" integer NOT NULL,
	"desde" timestamp with time zone,
	"cerrado_en" timestamp with time zone NOT NULL,
	"recibido_en" timestamp with time zone NOT NULL,
	"pagos" numeric(12, 2) NOT NULL,
	"aportaciones" numeric(12, 2) NOT NULL,
	"retiros" numeric(12, 2) NOT NULL,
	CONSTRAINT "trip_closings_amounts" CHECK ("trip_closings"."pagos" >= 0 AND "trip_closings"."aportaciones" >= 0 AND "trip_closings"."retiros" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trip_closing_captures" ADD CONSTRAINT "trip_closing_captures_closing_id_trip_closings_id_fk" FOREIGN KEY ("closing_id") REFERENCES "public"."trip_closings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_closings" ADD CONSTRAINT "trip_closings_promotor_users_id_fk" FOREIGN KEY ("promotor") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_closings_promotor_idx" ON "trip_closings" USING btree ("promotor","cerrado_en");