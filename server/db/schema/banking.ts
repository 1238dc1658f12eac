/**
 * Bank reconciliation and accounting (docs/business-rules.md#bank-reconciliation-and-accounting):
 * the cooperative's bank accounts, their sub-accounts (the accounting chart), the bank movements
 * booked on /banco-form and the accounting records each one creates. A record may point at the
 * system item it reconciles — a contribution/withdrawal, one part of a payment, or a contract's
 * disbursement — and the partial unique indexes below make "linked at most once" a property of the
 * database, not only of the service. Office data: not replicated to phones.
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
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RecordRelation } from '#domain/bank-shapes';
import type { BankDataType, SubaccountType } from '#domain/codes';
import { timestamps } from './columns.ts';
import { contratos, pagos } from './credits.ts';
import { movimientos } from './deliveries.ts';
import { users } from './users.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });
const day = (name: string) => date(name, { mode: 'string' });

/** What a record reconciles (null on "Otros"): `RECORD_RELATIONS` in #domain/bank-shapes. */
export type { RecordRelation };

/** A bank account. External ones (another institution's) are left out of the balances. */
export const bancos = pgTable('bancos', {
  id: serial('id').primaryKey(),
  /** The institution, e.g. "Banorte". */
  nombre: text('nombre').notNull(),
  nombre_cuenta: text('nombre_cuenta').notNull(),
  numero_cuenta: text('numero_cuenta').notNull().default(''),
  clabe: text('clabe').notNull().default(''),
  externo: boolean('externo').notNull().default(false),
  ...timestamps(),
});

/**
 * A sub-account of a bank account (one line of the accounting chart). `sistema` ones are the
 * targets of the automatic mapping (their ids are fixed by
 * docs/business-rules.md#bank-reconciliation-and-accounting); the others are chosen by hand on
 * "Otros".
 */
export const subcuentas = pgTable(
  'subcuentas',
  {
    id: serial('id').primaryKey(),
    banco: integer('banco')
      .notNull()
      .references(() => bancos.id),
    nombre: text('nombre').notNull(),
    id_contable: text('id_contable').notNull(),
    tipo: text('tipo').$type<SubaccountType>().notNull(),
    sistema: boolean('sistema').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('subcuentas_id_contable_uq').on(t.id_contable),
    index('subcuentas_banco_idx').on(t.banco),
    check('subcuentas_tipo', sql`${t.tipo} IN ('IN','EG','IE')`),
  ],
);

/** One line of a bank statement, booked with POST /mov-bancos/. */
export const movimientosBanco = pgTable(
  'movimientos_banco',
  {
    id: serial('id').primaryKey(),
    referencia_banco: text('referencia_banco').notNull(),
    fecha: day('fecha').notNull(),
    cantidad: money('cantidad').notNull(),
    referencia_alf: text('referencia_alf'),
    /** The form tab it was booked on. */
    tipo: text('tipo').$type<BankDataType>().notNull(),
    /** true = money in, false = money out. */
    ingr_egr: boolean('ingr_egr').notNull(),
    usuario: integer('usuario')
      .notNull()
      .references(() => users.id),
    fecha_captura: timestamp('fecha_captura', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('movimientos_banco_referencia_uq').on(t.referencia_banco),
    index('movimientos_banco_fecha_idx').on(t.fecha),
    check('movimientos_banco_cantidad', sql`${t.cantidad} > 0`),
    check('movimientos_banco_referencia', sql`${t.referencia_banco} ~ '^[A-Z0-9]+$'`),
  ],
);

/** An accounting record: an amount in or out of one sub-account, dated with its bank movement. */
export const registrosContables = pgTable(
  'registros_contables',
  {
    id: serial('id').primaryKey(),
    movimiento_banco: integer('movimiento_banco')
      .notNull()
      .references(() => movimientosBanco.id),
    subcuenta: integer('subcuenta')
      .notNull()
      .references(() => subcuentas.id),
    fecha: day('fecha').notNull(),
    cantidad: money('cantidad').notNull(),
    /** true = income, false = expense. */
    ingr_egr: boolean('ingr_egr').notNull(),
    relacion_sistema: text('relacion_sistema').$type<RecordRelation>(),
    aport_retiro: integer('aport_retiro').references(() => movimientos.id),
    pago: integer('pago').references(() => pagos.id),
    ej_credito: integer('ej_credito').references(() => contratos.id),
    usuario: integer('usuario')
      .notNull()
      .references(() => users.id),
    fecha_captura: timestamp('fecha_captura', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    ...timestamps(),
  },
  (t) => [
    index('registros_contables_fecha_idx').on(t.fecha),
    index('registros_contables_subcuenta_idx').on(t.subcuenta, t.fecha),
    index('registros_contables_movimiento_idx').on(t.movimiento_banco),
    // A system item is reconciled once: a movement or a disbursement by one record, a payment
    // by at most one record per part (capital, ordinary and late interest).
    uniqueIndex('registros_contables_aport_retiro_uq')
      .on(t.aport_retiro)
      .where(sql`${t.aport_retiro} IS NOT NULL`),
    uniqueIndex('registros_contables_pago_uq')
      .on(t.pago, t.relacion_sistema)
      .where(sql`${t.pago} IS NOT NULL`),
    uniqueIndex('registros_contables_ej_credito_uq')
      .on(t.ej_credito)
      .where(sql`${t.ej_credito} IS NOT NULL`),
    check('registros_contables_cantidad', sql`${t.cantidad} > 0`),
    check(
      'registros_contables_relacion',
      sql`${t.relacion_sistema} IS NULL OR ${t.relacion_sistema} IN ('APORTACION','RETIRO','CAPITAL','INTERES_ORD','INTERES_MOR','EJERCICIO')`,
    ),
    // The link matches the relation: exactly the one column its kind names, none on "Otros".
    check(
      'registros_contables_vinculo',
      sql`(${t.relacion_sistema} IS NULL AND ${t.aport_retiro} IS NULL AND ${t.pago} IS NULL AND ${t.ej_credito} IS NULL)
        OR (${t.relacion_sistema} IN ('APORTACION','RETIRO') AND ${t.aport_retiro} IS NOT NULL AND ${t.pago} IS NULL AND ${t.ej_credito} IS NULL)
        OR (${t.relacion_sistema} IN ('CAPITAL','INTERES_ORD','INTERES_MOR') AND ${t.pago} IS NOT NULL AND ${t.aport_retiro} IS NULL AND ${t.ej_credito} IS NULL)
        OR (${t.relacion_sistema} = 'EJERCICIO' AND ${t.ej_credito} IS NOT NULL AND ${t.aport_retiro} IS NULL AND ${t.pago} IS NULL)`,
    ),
  ],
);
