/**
 * Bank date and reference of a movement by type
 * (docs/business-rules.md#contributions-and-withdrawals): type EF (cash) stores neither, BA and TR
 * require both. Shared by the movement form and the bank-data edit form.
 */
import type * as z from 'zod';
import { msg } from '#domain/messages';
import { issueAt } from '#domain/rules';

/** Whether a movement type carries bank data. */
export function needsBankData(tipo: unknown): boolean {
  return tipo === 'BA' || tipo === 'TR';
}

/** Report missing bank data for BA/TR. */
export function checkBankData(
  v: { tipo_de_movimiento: unknown; fecha_banco: unknown; referencia_banco: unknown },
  ctx: z.RefinementCtx,
): void {
  if (!needsBankData(v.tipo_de_movimiento)) return;
  if (v.fecha_banco === null) issueAt(ctx, 'fecha_banco', msg('validation.required'));
  if (v.referencia_banco === null) issueAt(ctx, 'referencia_banco', msg('validation.required'));
}

/** Null the bank data of a cash movement. */
export function normalizeBankData<
  T extends {
    tipo_de_movimiento: string;
    fecha_banco: string | null;
    referencia_banco: string | null;
  },
>(v: T): T {
  return needsBankData(v.tipo_de_movimiento)
    ? v
    : { ...v, fecha_banco: null, referencia_banco: null };
}
