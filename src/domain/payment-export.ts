/**
 * The payments spreadsheet (GET /pagosXLSX/, BUSINESS_RULES §12): its columns — the list's —
 * in order, and its sheet and file names. The server's endpoint and the phone's offline export
 * both read them, so the two files cannot differ.
 */
import type { PaymentReplicaRow } from './credit-replica';

export const PAYMENT_LIST_COLUMNS = [
  'id',
  'credito',
  'tipo',
  'clave_socio',
  'nombres',
  'region',
  'nombre_region',
  'fecha_pago',
  'cantidad',
  'abono_capital',
  'interes_ord',
  'interes_mor',
  'estatus_previo',
  'deuda_prev_total',
  'deuda_prev_capital',
  'deuda_prev_int_ord',
  'deuda_prev_int_mor',
  'fecha_banco',
  'referencia_banco',
  'nombre_autor',
] as const satisfies readonly (keyof PaymentReplicaRow)[];

export const PAYMENT_EXPORT = { sheet: 'Pagos', file: 'pagos.xlsx' } as const;
