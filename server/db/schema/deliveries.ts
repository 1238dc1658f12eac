/**
 * Collections (acopios) and contributions/withdrawals (movimientos):
 * docs/business-rules.md#contributions-and-withdrawals and #collections. Both are captured in the
 * field and replicated to phones.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MovementType, Process } from '#domain/codes';
import { captureStamps, receiptColumns, replicated } from './columns.ts';
import { socios } from './socios.ts';
import { users } from './users.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });
const day = (name: string) => date(name, { mode: 'string' });

export const acopios = pgTable(
  'acopios',
  {
    id: serial('id').primaryKey(),
    clave_socio: integer('clave_socio')
      .notNull()
      .references(() => socios.clave_socio),
    fecha: day('fecha').notNull(),
    tipo_de_producto: text('tipo_de_producto').$type<Process>().notNull(),
    ingreso: money('ingreso').notNull(),
    /** Kilos, two decimals; only coffee (CF) and honey (MI) are weighed. */
    kilos_de_producto: numeric('kilos_de_producto', { precision: 12, scale: 2, mode: 'string' }),
    autor: integer('autor').references(() => users.id),
    ...receiptColumns(),
    ...captureStamps(),
    ...replicated(),
  },
  (t) => [
    index('acopios_socio_fecha_idx').on(t.clave_socio, t.fecha),
    index('acopios_fecha_idx').on(t.fecha),
    // Receipt numbers and codes are unique per author (docs/security.md).
    uniqueIndex('acopios_autor_recibo_uq').on(t.autor, t.recibo),
    uniqueIndex('acopios_autor_recibo_codigo_uq').on(t.autor, t.recibo_codigo),
    // Staff verify a code without knowing its author.
    index('acopios_recibo_codigo_idx').on(t.recibo_codigo),
    check('acopios_producto', sql`${t.tipo_de_producto} IN ('CF','MI','JA','SL')`),
    check('acopios_ingreso', sql`${t.ingreso} > 0`),
    check(
      'acopios_kilos',
      sql`(${t.tipo_de_producto} IN ('CF','MI')) = (${t.kilos_de_producto} IS NOT NULL)`,
    ),
  ],
);

export const movimientos = pgTable(
  'movimientos',
  {
    id: serial('id').primaryKey(),
    clave_socio: integer('clave_socio')
      .notNull()
      .references(() => socios.clave_socio),
    fecha_entrega: day('fecha_entrega').notNull(),
    monto: money('monto').notNull(),
    proceso: text('proceso').$type<Process>().notNull(),
    /** true = contribution (aportación), false = withdrawal (retiro). */
    aportacion: boolean('aportacion').notNull(),
    ordinario: boolean('ordinario').notNull().default(true),
    tipo_de_movimiento: text('tipo_de_movimiento').$type<MovementType>().notNull(),
    fecha_banco: day('fecha_banco'),
    referencia_banco: text('referencia_banco'),
    responsable_entrega: text('responsable_entrega'),
    autor: integer('autor').references(() => users.id),
    ...receiptColumns(),
    ...captureStamps(),
    ...replicated(),
  },
  (t) => [
    index('movimientos_socio_idx').on(t.clave_socio, t.fecha_entrega),
    // Receipt numbers and codes are unique per author (docs/security.md).
    uniqueIndex('movimientos_autor_recibo_uq').on(t.autor, t.recibo),
    uniqueIndex('movimientos_autor_recibo_codigo_uq').on(t.autor, t.recibo_codigo),
    // Staff verify a code without knowing its author.
    index('movimientos_recibo_codigo_idx').on(t.recibo_codigo),
    check('movimientos_monto', sql`${t.monto} > 0`),
    check('movimientos_proceso', sql`${t.proceso} IN ('CF','MI','JA','SL')`),
    check('movimientos_tipo', sql`${t.tipo_de_movimiento} IN ('EF','BA','TR')`),
    // Cash carries no bank data (docs/business-rules.md#contributions-and-withdrawals).
    check(
      'movimientos_efectivo',
      sql`${t.tipo_de_movimiento} <> 'EF' OR (${t.fecha_banco} IS NULL AND ${t.referencia_banco} IS NULL)`,
    ),
  ],
);
