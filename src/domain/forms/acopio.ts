/**
 * Collection (acopio) form (docs/business-rules.md#collections), used by
 * /acopio-formato and POST /acopios/: clave_socio required numeric; fecha required, not in the
 * future; tipo_de_producto required; kilos_de_producto required decimal (≤2 decimals, > 0) only
 * for CF and MI, and null for JA and SL whatever was sent; ingreso 0.01–9999999 (→ cents).
 */
import * as z from 'zod';
import { receiptFieldsShape } from '#domain/receipts';
import { AMOUNT_MAX_CENTS, AMOUNT_MIN_CENTS, PROCESSES, type Process } from '#domain/codes';
import {
  always,
  decimalField,
  enumField,
  integerField,
  isoDateField,
  issueAt,
  moneyField,
  parseFixed,
  todayFn,
  type SchemaContext,
  type TextInput,
} from '#domain/rules';

/** Products weighed in kilos (the form hides kilos for the others). */
export function acopioNeedsKilos(tipo: Process | null | undefined | string): boolean {
  return tipo === 'CF' || tipo === 'MI';
}

/**
 * Average price in cents per kilo, rounded half up with integer arithmetic; null without
 * kilos or with 0 kilos.
 */
export function averagePriceCents(
  ingresoCents: number,
  kilos: string | number | null | undefined,
): number | null {
  if (kilos == null || kilos === '') return null;
  const hundredths = parseFixed(kilos, 2);
  if (typeof hundredths !== 'number' || hundredths <= 0) return null;
  // price = ingreso / (hundredths / 100) = ingreso * 100 / hundredths, rounded half up.
  return Math.floor((2 * ingresoCents * 100 + hundredths) / (2 * hundredths));
}

/**
 * Kilos as the API stores them ("12.50"); the bounds are checked per product below. A weighed
 * product needs more than nothing: 0 and "-0.00" kilos are no collection.
 */
const kilosField = decimalField({ places: 2, above: '0' });

export function acopioSchema(ctx: SchemaContext = {}) {
  const today = todayFn(ctx.today);
  return z
    .object({
      clave_socio: integerField({ min: 1 }),
      fecha: isoDateField({ kind: 'capture', today }),
      tipo_de_producto: enumField(PROCESSES),
      /** Checked only for CF and MI (below); anything sent for JA or SL is dropped. */
      kilos_de_producto: z.custom<TextInput>(() => true).optional(),
      ingreso: moneyField({ min: AMOUNT_MIN_CENTS, max: AMOUNT_MAX_CENTS }),
      ...receiptFieldsShape,
    })
    .strict()
    .superRefine(
      (v, rc) => {
        if (!acopioNeedsKilos(v.tipo_de_producto)) return;
        const kilos = kilosField.safeParse(v.kilos_de_producto);
        if (!kilos.success)
          for (const issue of kilos.error.issues) issueAt(rc, 'kilos_de_producto', issue.message);
      },
      { when: always },
    )
    .transform((v) => {
      const kilos = acopioNeedsKilos(v.tipo_de_producto)
        ? kilosField.safeParse(v.kilos_de_producto)
        : null;
      return { ...v, kilos_de_producto: kilos?.success ? kilos.data : null };
    });
}

export type AcopioSchema = ReturnType<typeof acopioSchema>;
export type AcopioInput = z.input<AcopioSchema>;
export type AcopioValues = z.output<AcopioSchema>;
