/**
 * Credit requests, contracts, payments and waivers (docs/business-rules.md#credit-requests to
 * #waiver). Money columns are numeric(12,2) and rates numeric(7,4): exact in PostgreSQL, read as
 * decimal strings ("1040.00") and turned into integer cents by the services (`#domain/money`),
 * never into binary floats.
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
import type {
  ContractStatus,
  CreditReason,
  CreditType,
  EvaluationStatus,
  ExecutionStatus,
  Process,
  ProductiveActivity,
  RateType,
  RequestStatus,
} from '#domain/codes';
import { captureStamps, receiptColumns, replicated, timestamps } from './columns.ts';
import { socios } from './socios.ts';
import { users } from './users.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });
const rate = (name: string) => numeric(name, { precision: 7, scale: 4, mode: 'string' });
const day = (name: string) => date(name, { mode: 'string' });

export const solicitudes = pgTable(
  'solicitudes',
  {
    folio_solicitud: serial('folio_solicitud').primaryKey(),
    fecha_solicitud: day('fecha_solicitud').notNull(),
    clave_socio: integer('clave_socio')
      .notNull()
      .references(() => socios.clave_socio),
    proceso: text('proceso').$type<Process>().notNull(),
    tipo_credito: text('tipo_credito').$type<CreditType>().notNull().default('MC'),
    act_productiva: text('act_productiva').$type<ProductiveActivity>(),
    act_productiva_otro: text('act_productiva_otro'),
    mot_credito: text('mot_credito').$type<CreditReason>().notNull().default('TR'),
    mot_credito_otro: text('mot_credito_otro'),
    emergencia_medica: boolean('emergencia_medica').notNull().default(false),
    monto_solicitado: money('monto_solicitado').notNull(),
    plazo_de_pago_solicitado: integer('plazo_de_pago_solicitado').notNull(),
    justificacion_credito: text('justificacion_credito').notNull(),
    aval: integer('aval')
      .notNull()
      .references(() => socios.clave_socio),
    familiar_responsable: text('familiar_responsable').notNull(),
    comentarios_promotor: text('comentarios_promotor'),
    estatus_solicitud: text('estatus_solicitud').$type<RequestStatus>().notNull().default('RV'),
    estatus_evaluacion: text('estatus_evaluacion')
      .$type<EvaluationStatus>()
      .notNull()
      .default('RV'),
    // Control desk (coordinator).
    pregunta_1: boolean('pregunta_1'),
    pregunta_2: boolean('pregunta_2'),
    pregunta_3: boolean('pregunta_3'),
    pregunta_4: boolean('pregunta_4'),
    irregularidades: text('irregularidades'),
    comentarios_coordinador: text('comentarios_coordinador'),
    // Evaluation (manager).
    monto_aprobado: money('monto_aprobado'),
    plazo_aprobado: integer('plazo_aprobado'),
    tasa_aprobada: rate('tasa_aprobada'),
    tasa_mor_aprobada: rate('tasa_mor_aprobada'),
    comentarios_gerente: text('comentarios_gerente'),
    promotor: integer('promotor')
      .notNull()
      .references(() => users.id),
    ...captureStamps(),
    ...replicated(),
  },
  (t) => [
    index('solicitudes_socio_idx').on(t.clave_socio),
    index('solicitudes_promotor_idx').on(t.promotor),
    index('solicitudes_fecha_idx').on(t.fecha_solicitud),
    check('solicitudes_monto', sql`${t.monto_solicitado} > 0`),
    check('solicitudes_estatus', sql`${t.estatus_solicitud} IN ('AP','RV','RE','NE','CA')`),
    check('solicitudes_evaluacion', sql`${t.estatus_evaluacion} IN ('RV','NE','AP','CA')`),
    check('solicitudes_tipo', sql`${t.tipo_credito} IN ('MC','CP','FC')`),
    check('solicitudes_proceso', sql`${t.proceso} IN ('CF','MI','JA','SL')`),
  ],
);

/** The request's conversation: one comment per create / review / evaluation / renegotiation. */
export const solicitudChat = pgTable(
  'solicitud_chat',
  {
    id: serial('id').primaryKey(),
    solicitud: integer('solicitud')
      .notNull()
      .references(() => solicitudes.folio_solicitud, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    comentario: text('comentario').notNull(),
  },
  (t) => [index('solicitud_chat_solicitud_idx').on(t.solicitud)],
);

export const contratos = pgTable(
  'contratos',
  {
    id: serial('id').primaryKey(),
    /** The approved request (null only for contracts migrated from paper). */
    solicitud: integer('solicitud').references(() => solicitudes.folio_solicitud),
    clave_socio: integer('clave_socio')
      .notNull()
      .references(() => socios.clave_socio),
    proceso: text('proceso').$type<Process>().notNull(),
    tipo_credito: text('tipo_credito').$type<CreditType>().notNull(),
    monto: money('monto').notNull(),
    plazo: integer('plazo').notNull(),
    prorroga: integer('prorroga').notNull().default(0),
    prorroga_justificacion: text('prorroga_justificacion'),
    /** Monthly ordinary rate, percent. */
    tasa: rate('tasa').notNull(),
    /** Monthly late rate, percent. */
    tasa_moratoria: rate('tasa_moratoria').notNull(),
    tipo_tasa: text('tipo_tasa').$type<RateType>(),
    fecha_inicio: day('fecha_inicio'),
    fecha_final: day('fecha_final'),
    estatus: text('estatus').$type<ContractStatus>().notNull().default('DP'),
    estatus_ejecucion: text('estatus_ejecucion').$type<ExecutionStatus>().notNull().default('PC'),
    fondo_comun: boolean('fondo_comun').notNull().default(false),
    fecha_banco: day('fecha_banco'),
    referencia_banco: text('referencia_banco'),
    ...replicated(),
  },
  (t) => [
    uniqueIndex('contratos_solicitud_uq').on(t.solicitud),
    index('contratos_socio_idx').on(t.clave_socio),
    check('contratos_monto', sql`${t.monto} > 0`),
    check('contratos_plazo', sql`${t.plazo} BETWEEN 1 AND 240`),
    check('contratos_prorroga', sql`${t.prorroga} BETWEEN 0 AND 14`),
    check('contratos_estatus', sql`${t.estatus} IN ('DP','PA','CN')`),
    check('contratos_ejecucion', sql`${t.estatus_ejecucion} IN ('PC','CO','CA')`),
    check('contratos_tipo_tasa', sql`${t.tipo_tasa} IS NULL OR ${t.tipo_tasa} IN ('FI','VA')`),
  ],
);

export const pagos = pgTable(
  'pagos',
  {
    id: serial('id').primaryKey(),
    credito: integer('credito')
      .notNull()
      .references(() => contratos.id),
    fecha_pago: day('fecha_pago').notNull(),
    cantidad: money('cantidad').notNull(),
    abono_capital: money('abono_capital').notNull(),
    interes_ord: money('interes_ord').notNull(),
    interes_mor: money('interes_mor').notNull(),
    autor: integer('autor')
      .notNull()
      .references(() => users.id),
    fecha_banco: day('fecha_banco'),
    referencia_banco: text('referencia_banco'),
    /** Status of the contract at fecha_pago, before this payment. */
    estatus_previo: text('estatus_previo').$type<ContractStatus>().notNull(),
    // Debt at fecha_pago before this payment (the snapshot of docs/business-rules.md#payments).
    deuda_prev_total: money('deuda_prev_total').notNull(),
    deuda_prev_capital: money('deuda_prev_capital').notNull(),
    deuda_prev_int_ord: money('deuda_prev_int_ord').notNull(),
    deuda_prev_int_mor: money('deuda_prev_int_mor').notNull(),
    // A payment imported from the original with figures this product would refuse (a split
    // that does not add up): kept as the original stored it and listed for review
    // (docs/import.md). Never set by this product's own writes.
    por_revisar: boolean('por_revisar').notNull().default(false),
    ...receiptColumns(),
    ...captureStamps(),
    ...replicated(),
  },
  (t) => [
    index('pagos_credito_idx').on(t.credito, t.fecha_pago),
    // The list's order (newest payment date first), read a page at a time.
    index('pagos_fecha_id_idx').on(t.fecha_pago, t.id),
    // Receipt numbers and codes are unique per author (docs/security.md).
    uniqueIndex('pagos_autor_recibo_uq').on(t.autor, t.recibo),
    uniqueIndex('pagos_autor_recibo_codigo_uq').on(t.autor, t.recibo_codigo),
    // Staff verify a code without knowing its author.
    index('pagos_recibo_codigo_idx').on(t.recibo_codigo),
    check('pagos_cantidad', sql`${t.cantidad} > 0`),
    check(
      'pagos_partes',
      sql`${t.por_revisar} OR (${t.abono_capital} >= 0 AND ${t.interes_ord} >= 0 AND ${t.interes_mor} >= 0)`,
    ),
    check(
      'pagos_suma',
      sql`${t.por_revisar} OR ${t.cantidad} = ${t.abono_capital} + ${t.interes_ord} + ${t.interes_mor}`,
    ),
  ],
);

export const condonaciones = pgTable(
  'condonaciones',
  {
    id: serial('id').primaryKey(),
    credito: integer('credito')
      .notNull()
      .references(() => contratos.id),
    fecha: day('fecha').notNull(),
    autor: integer('autor')
      .notNull()
      .references(() => users.id),
    /** What was forgiven: the whole debt, and its ordinary and late interest. */
    total: money('total').notNull(),
    interes_ord: money('interes_ord').notNull(),
    interes_mor: money('interes_mor').notNull(),
    estatus_previo: text('estatus_previo').$type<ContractStatus>().notNull(),
    justificacion: text('justificacion').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('condonaciones_credito_uq').on(t.credito)],
);
