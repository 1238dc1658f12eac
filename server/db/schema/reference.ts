/**
 * Reference tables (docs/business-rules.md#other-areas): regions, zones,
 * hermitages, communities and the small code lists. All are replicated to phones.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import type { GeoPolygon } from '#domain/entities';
import { captureStamps, replicated } from './columns.ts';

export const regiones = pgTable(
  'regiones',
  {
    // Regions are numbered 1 to 10 by the cooperative, not by the database.
    id: integer('id').primaryKey(),
    nombre_de_region: text('nombre_de_region').notNull(),
    poly: jsonb('poly').$type<GeoPolygon>(),
    ...replicated(),
  },
  (t) => [check('regiones_id_range', sql`${t.id} BETWEEN 1 AND 99`)],
);

export const interzonas = pgTable('interzonas', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull().unique(),
  ...replicated(),
});

export const zonas = pgTable('zonas', {
  id: serial('id').primaryKey(),
  zona_id: text('zona_id').notNull().unique(),
  nombre: text('nombre').notNull(),
  interzona: integer('interzona').references(() => interzonas.id),
  poly: jsonb('poly').$type<GeoPolygon>(),
  poly_encuesta: jsonb('poly_encuesta').$type<GeoPolygon>(),
  ...replicated(),
});

export const municipios = pgTable('municipios', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull().unique(),
  clave_inegi: text('clave_inegi'),
  ...replicated(),
});

export const localidades = pgTable(
  'localidades',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    municipio: integer('municipio')
      .notNull()
      .references(() => municipios.id),
    clave_inegi: text('clave_inegi'),
    ...replicated(),
  },
  (t) => [index('localidades_municipio_idx').on(t.municipio)],
);

export const ermitas = pgTable('ermitas', {
  ermita_id: serial('ermita_id').primaryKey(),
  nombre: text('nombre').notNull(),
  zona: integer('zona').references(() => zonas.id),
  interzona: integer('interzona').references(() => interzonas.id),
  municipio: integer('municipio').references(() => municipios.id),
  localidad: integer('localidad').references(() => localidades.id),
  localidad_nota: text('localidad_nota').notNull().default(''),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  ...replicated(),
});

export const comunidades = pgTable(
  'comunidades',
  {
    id: serial('id').primaryKey(),
    nombre_de_comunidad: text('nombre_de_comunidad').notNull(),
    region: integer('region')
      .notNull()
      .default(1)
      .references(() => regiones.id),
    ermita: integer('ermita').references(() => ermitas.ermita_id),
    inegi_localidad: text('inegi_localidad'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    ...captureStamps(),
    ...replicated(),
  },
  (t) => [index('comunidades_region_idx').on(t.region)],
);

export const cargos = pgTable('cargos', {
  id: serial('id').primaryKey(),
  nombre_de_cargo: text('nombre_de_cargo').notNull(),
  ...replicated(),
});

export const cargosCoop = pgTable('cargos_coop', {
  id: serial('id').primaryKey(),
  nombre_cargo_coop: text('nombre_cargo_coop').notNull(),
  ...replicated(),
});

export const empresas = pgTable('empresas', {
  id: serial('id').primaryKey(),
  nombre_empresa: text('nombre_empresa').notNull(),
  ...replicated(),
});

export const puestos = pgTable('puestos', {
  id: serial('id').primaryKey(),
  puesto: text('puesto').notNull(),
  ...replicated(),
});

export const fuentes = pgTable('fuentes', {
  id: serial('id').primaryKey(),
  fuente: text('fuente').notNull(),
  ...replicated(),
});
