/**
 * Bank movement form (docs/business-rules.md#bank-reconciliation-and-accounting), used by
 * /banco-form and POST /mov-bancos/:
 * - referencia_banco required, letters and digits, upper-cased;
 * - fecha required, today or earlier; cantidad 0.01–9999999 (→ cents);
 * - referencia_alf optional, ≤60; dataType one of the five tabs (default Movimientos);
 * - selectedItems: ids of the chosen rows, at least one; on Otros exactly one, the
 *   sub-account id, and ingrEgr (true income, false expense) required; null elsewhere.
 * The helpers below give the form's sum check and reference warnings.
 */
import * as z from 'zod';
import { msg } from '#domain/messages';
import {
  ALNUM_REF_MAX,
  AMOUNT_MAX_CENTS,
  AMOUNT_MIN_CENTS,
  BANK_DATA_TYPES,
  DEFAULT_BANK_DATA_TYPE,
  SHORT_TEXT_MAX,
} from '#domain/codes';
import {
  always,
  enumField,
  idListField,
  isoDateField,
  issueAt,
  moneyField,
  nullableBooleanField,
  optionalText,
  requiredText,
  todayFn,
  type SchemaContext,
} from '#domain/rules';

export function bankMovementSchema(ctx: SchemaContext = {}) {
  const today = todayFn(ctx.today);
  return z
    .object({
      referencia_banco: requiredText({ alnum: true, upper: true, max: SHORT_TEXT_MAX }),
      fecha: isoDateField({ kind: 'capture', today }),
      cantidad: moneyField({ min: AMOUNT_MIN_CENTS, max: AMOUNT_MAX_CENTS }),
      referencia_alf: optionalText({ max: ALNUM_REF_MAX }),
      dataType: enumField(BANK_DATA_TYPES, { required: false }),
      selectedItems: idListField(),
      ingrEgr: nullableBooleanField(),
    })
    .strict()
    .superRefine(
      (v, rc) => {
        if (!Array.isArray(v.selectedItems)) return;
        const type = v.dataType ?? DEFAULT_BANK_DATA_TYPE;
        if (type === 'Otros') {
          if (v.selectedItems.length !== 1)
            issueAt(rc, 'selectedItems', msg('validation.selectExactlyOne'));
          if (v.ingrEgr === null) issueAt(rc, 'ingrEgr', msg('validation.required'));
        } else if (v.selectedItems.length === 0) {
          issueAt(rc, 'selectedItems', msg('validation.selectAtLeastOne'));
        }
      },
      { when: always },
    )
    .transform((v) => {
      const dataType = v.dataType ?? DEFAULT_BANK_DATA_TYPE;
      return { ...v, dataType, ingrEgr: dataType === 'Otros' ? v.ingrEgr : null };
    });
}

export type BankMovementSchema = ReturnType<typeof bankMovementSchema>;
export type BankMovementInput = z.input<BankMovementSchema>;
export type BankMovementValues = z.output<BankMovementSchema>;

/** Whether the selected rows add up to the amount (both in cents). */
export function selectionSumMatches(
  cantidadCents: number,
  rowAmountsCents: readonly number[],
): boolean {
  return rowAmountsCents.reduce((sum, c) => sum + c, 0) === cantidadCents;
}

/**
 * Reference warnings for the selected rows: a row without a reference;
 * a single row whose reference differs from the entered one; several rows with different
 * references. Returns message keys (validation section); empty when all is consistent.
 */
export function referenceWarnings(
  entered: string,
  rowReferences: readonly (string | null | undefined)[],
): string[] {
  const warnings: string[] = [];
  const clean = rowReferences.map((r) => (r ?? '').trim().toUpperCase());
  if (clean.some((r) => r === '')) warnings.push(msg('validation.noPreviousReference'));
  const present = [...new Set(clean.filter((r) => r !== ''))];
  const typed = entered.trim().toUpperCase();
  if (clean.length === 1 && present.length === 1 && present[0] !== typed)
    warnings.push(msg('validation.referenceDiffers'));
  if (present.length > 1) warnings.push(msg('validation.referencesDiffer'));
  return warnings;
}
