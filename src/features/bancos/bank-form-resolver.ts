/**
 * Validation of /banco-form: the shared schema of POST /mov-bancos/ (#domain/forms/bank-movement)
 * over the typed fields plus the tab and its selected rows, and the live sum check — the
 * selected rows must add up to `cantidad`, shown on `cantidad`. A selection
 * problem goes to `subcuenta` on "Otros" (its one choice) and to `selectedItems` elsewhere.
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { BankDataType } from '#domain/codes';
import type { TodayFn } from '#domain/rules';
import {
  bankMovementSchema,
  selectionSumMatches,
  type BankMovementValues,
} from '#domain/forms/bank-movement';
import { msg } from '#domain/messages';
import { formatCurrency } from '#domain/format';
import { typedMoneyCents } from '#domain/money';
import type { Selectable } from './pending-rows.ts';

export interface BankFormInput {
  referencia_banco: string;
  fecha: string;
  cantidad: string;
  referencia_alf: string;
  /** "Otros": the chosen sub-account id. */
  subcuenta: number | '';
  /** "Otros": IN income, EG expense. */
  ingrEgr: 'IN' | 'EG' | '';
}

export const emptyBankForm = (fecha: string): BankFormInput => ({
  referencia_banco: '',
  fecha,
  cantidad: '',
  referencia_alf: '',
  subcuenta: '',
  ingrEgr: '',
});

/** Bank references are upper case: applied when leaving the field. */
export const upperReference = (value: string) => value.trim().toUpperCase();

/** The schema's input for what is on screen. */
export function schemaInput(
  values: BankFormInput,
  tab: BankDataType,
  selected: readonly Selectable[],
) {
  const otros = tab === 'Otros';
  return {
    referencia_banco: values.referencia_banco,
    fecha: values.fecha,
    cantidad: values.cantidad,
    referencia_alf: values.referencia_alf,
    dataType: tab,
    selectedItems: otros
      ? values.subcuenta === ''
        ? []
        : [values.subcuenta]
      : selected.map((r) => r.id),
    ingrEgr: otros ? (values.ingrEgr === '' ? null : values.ingrEgr === 'IN') : null,
  };
}

/** The sum message, or null when the selection matches the amount (or cannot be compared). */
export function sumProblem(cantidad: string, selected: readonly Selectable[]): string | null {
  const cents = typedMoneyCents(cantidad);
  if (cents === null || selected.length === 0) return null;
  const amounts = selected.map((row) => row.amountCents);
  if (selectionSumMatches(cents, amounts)) return null;
  const suma = amounts.reduce((total, c) => total + c, 0);
  return msg('bancos.form.sumMismatch', {
    suma: formatCurrency(suma),
    cantidad: formatCurrency(cents),
  });
}

export function bankFormResolver(
  tab: BankDataType,
  selected: readonly Selectable[],
  today: TodayFn,
): Resolver<BankFormInput, unknown, BankMovementValues> {
  const schema = bankMovementSchema({ today });
  return (values) => {
    const parsed = schema.safeParse(schemaInput(values, tab, selected));
    const errors: Record<string, { type: string; message: string }> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const head = String(issue.path[0] ?? 'selectedItems');
        const field =
          head === 'selectedItems' || head === 'dataType'
            ? tab === 'Otros'
              ? 'subcuenta'
              : 'selectedItems'
            : head;
        errors[field] ??= { type: issue.code, message: issue.message };
      }
    }
    const sum = tab === 'Otros' ? null : sumProblem(values.cantidad, selected);
    if (sum && !errors.cantidad) errors.cantidad = { type: 'sum', message: sum };
    if (parsed.success && Object.keys(errors).length === 0)
      return { values: parsed.data, errors: {} };
    return { values: {}, errors: errors as FieldErrors<BankFormInput> };
  };
}
