/**
 * Collections (acopios) and contributions/withdrawals (movimientos) as the API answers them
 * (docs/business-rules.md#other-areas): the row shapes and their zod schemas,
 * the column orders and the spreadsheet names. The server's lists, the delta pull and the …XLSX
 * endpoints answer these shapes (its response schemas are these); the phone checks a create's
 * answer with the same schemas, keeps the rows in its replica and builds the same spreadsheets
 * offline.
 */
import * as z from 'zod';
import {
  MOVEMENT_TYPES,
  PROCESSES,
  type MovementType,
  type Process,
  type XlsxProductFilter,
} from './codes';
import { receiptColumnsShape, type ReceiptColumns } from './receipts';
import { code, DATE, DECIMAL, defineSheet, flag, INTEGER, MONEY, signedMoney, TEXT } from './sheet';

/** The member context every delivery row carries. */
export interface DeliveryMemberContext {
  clave_socio: number;
  nombre_socio: string;
  region: number;
  nombre_region: string;
  comunidad: number;
  nombre_comunidad: string;
}

/** A row of GET /acopios.json (and of the pull, the spreadsheet and the created answer). */
export interface AcopioListRow extends DeliveryMemberContext, ReceiptColumns {
  id: number;
  fecha: string;
  /** Stored decimal, "1040.00". */
  ingreso: string;
  tipo_de_producto: Process;
  /** Stored decimal ("12.50") for CF and MI, null for JA and SL. */
  kilos_de_producto: string | null;
}

/** Column order of the collections list and of the spreadsheet's header row. */
export const ACOPIO_COLUMNS = [
  'id',
  'clave_socio',
  'nombre_socio',
  'region',
  'nombre_region',
  'comunidad',
  'nombre_comunidad',
  'fecha',
  'ingreso',
  'tipo_de_producto',
  'kilos_de_producto',
  'recibo',
  'recibo_codigo',
] as const satisfies readonly (keyof AcopioListRow)[];

/** Sheet and file name of GET /acopiosXLSX/?tipo_de_producto= (ALL, CF, MI, JA, SL). */
export const ACOPIO_EXPORT = {
  sheet: 'Acopios',
  file: (product: XlsxProductFilter) => `acopios${product}.xlsx`,
} as const;

/** The member context's columns, typed for a spreadsheet. */
const MEMBER_CONTEXT_KINDS = {
  clave_socio: INTEGER,
  nombre_socio: TEXT,
  region: INTEGER,
  nombre_region: TEXT,
  comunidad: INTEGER,
  nombre_comunidad: TEXT,
} as const;

/** The collections spreadsheet: each column's kind (#domain/sheet). */
export const ACOPIO_SHEET = defineSheet(ACOPIO_EXPORT.sheet, ACOPIO_COLUMNS, {
  id: INTEGER,
  ...MEMBER_CONTEXT_KINDS,
  fecha: DATE,
  ingreso: MONEY,
  tipo_de_producto: code('processes'),
  kilos_de_producto: DECIMAL,
  recibo: TEXT,
  recibo_codigo: TEXT,
});

/** A row of GET /movimientos/ and the answer of GET /movimientos/{id}.json. */
export interface MovementListRow extends DeliveryMemberContext, ReceiptColumns {
  id: number;
  fecha_entrega: string;
  /** Stored decimal, "1040.00". */
  monto: string;
  proceso: Process;
  /** true = contribution (A), false = withdrawal (R). */
  aportacion: boolean;
  ordinario: boolean;
  tipo_de_movimiento: MovementType;
  fecha_banco: string | null;
  referencia_banco: string | null;
  responsable_entrega: string | null;
}

/** Column order of the movements list and of the spreadsheet's header row. */
export const MOVEMENT_COLUMNS = [
  'id',
  'clave_socio',
  'nombre_socio',
  'region',
  'nombre_region',
  'comunidad',
  'nombre_comunidad',
  'fecha_entrega',
  'monto',
  'proceso',
  'aportacion',
  'ordinario',
  'tipo_de_movimiento',
  'fecha_banco',
  'referencia_banco',
  'responsable_entrega',
  'recibo',
  'recibo_codigo',
] as const satisfies readonly (keyof MovementListRow)[];

/** Sheet and file name of GET /movimientos-conc-xlsx/. */
export const MOVEMENT_EXPORT = { sheet: 'Movimientos', file: 'movimientos.xlsx' } as const;

/** The movements spreadsheet: each column's kind (#domain/sheet). */
export const MOVEMENT_SHEET = defineSheet(MOVEMENT_EXPORT.sheet, MOVEMENT_COLUMNS, {
  id: INTEGER,
  ...MEMBER_CONTEXT_KINDS,
  fecha_entrega: DATE,
  // A withdrawal is money going out: negative, so the column sums to the net savings.
  monto: signedMoney('aportacion', false),
  proceso: code('processes'),
  aportacion: flag('movementDirections', 'A', 'R'),
  ordinario: flag('movementClasses', 'OR', 'EX'),
  tipo_de_movimiento: code('movementTypes'),
  fecha_banco: DATE,
  referencia_banco: TEXT,
  responsable_entrega: TEXT,
  recibo: TEXT,
  recibo_codigo: TEXT,
});

// ---------------------------------------------------------------- schemas

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const decimal = z.string().regex(/^\d+\.\d{2}$/);
const id = z.number().int();

const memberContext = {
  clave_socio: id,
  nombre_socio: z.string(),
  region: id,
  nombre_region: z.string(),
  comunidad: id,
  nombre_comunidad: z.string(),
};

export const acopioRowSchema = z.object({
  id,
  ...memberContext,
  fecha: date,
  ingreso: decimal,
  tipo_de_producto: z.enum(PROCESSES),
  kilos_de_producto: decimal.nullable(),
  ...receiptColumnsShape,
}) satisfies z.ZodType<AcopioListRow>;

export const movementRowSchema = z.object({
  id,
  ...memberContext,
  fecha_entrega: date,
  monto: decimal,
  proceso: z.enum(PROCESSES),
  aportacion: z.boolean(),
  ordinario: z.boolean(),
  tipo_de_movimiento: z.enum(MOVEMENT_TYPES),
  fecha_banco: date.nullable(),
  referencia_banco: z.string().nullable(),
  responsable_entrega: z.string().nullable(),
  ...receiptColumnsShape,
}) satisfies z.ZodType<MovementListRow>;
