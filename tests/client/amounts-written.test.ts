/**
 * Every amount the inbox and the receipts write is the amount: each inbox row kind and each
 * receipt kind over generated payloads, the text read back as cents and compared with the
 * payload's cents. The expected text is built here from the cents alone (pesos grouped by
 * commas, two-digit centavos), never by the product's own formatter.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import '#i18n/setup';
import { FIELD_KINDS, type InboxRow } from '#domain/field-inbox';
import type { Receipt, ReceiptSubject } from '#domain/receipts';
import { amountText } from '#features/bandeja/inbox-table.tsx';
import { receiptText } from '#features/recibos/receipt-view.tsx';
import { i18n, useSpanish } from '#tests/helpers/i18n-test';

beforeAll(async () => {
  await useSpanish();
});

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

/** "$1,234.05" written from cents by hand. */
function pesos(cents: number): string {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const digits = String(whole);
  let grouped = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) grouped += ',';
    grouped += digits[i];
  }
  const centavos = abs % 100;
  return `$${grouped}.${centavos < 10 ? '0' : ''}${centavos}`;
}

/** The stored decimal text of some cents, written by hand ("1234.05"). */
function decimal(cents: number): string {
  const abs = Math.abs(cents);
  const c = abs % 100;
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${c < 10 ? '0' : ''}${c}`;
}

/** Every "$…" in a text, read back as cents. */
function centsIn(text: string): number[] {
  return [...text.matchAll(/\$([\d,]+)\.(\d{2})/g)].map(
    (m) => Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2]),
  );
}

const cents = fc.integer({ min: 1, max: 99_999_999_999 });

const baseRow: InboxRow = {
  id: 1,
  kind: 'pago.create',
  status: 201,
  user_id: 4,
  promotor: 'Pedro Gómez',
  region: 1,
  clave_socio: 77,
  nombre_socio: 'María López',
  credito: null,
  monto: null,
  kilos: null,
  aportacion: null,
  record_ref: '1',
  capturado_en: null,
  recibido_en: '2026-03-02T17:30:00.000Z',
  retraso_min: null,
  revisado_en: null,
  revisado_por: null,
  rechazo: null,
  reemplaza: null,
};

describe('the inbox writes the amount', () => {
  it('every row kind, accepted or refused, shows the payload cents (a closing signed as owed)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIELD_KINDS),
        cents,
        fc.boolean(),
        fc.boolean(),
        (kind, amount, negative, aportacion) => {
          const signed = kind === 'viaje.close' && negative ? -amount : amount;
          const row: InboxRow = {
            ...baseRow,
            kind,
            monto: decimal(signed),
            aportacion: kind === 'movimiento.create' ? aportacion : null,
          };
          const text = amountText(t, row);
          expect(centsIn(text)).toEqual([amount]);
          expect(text).toContain(pesos(amount));
          // A sign is never written: a closing the office owes says so in words.
          expect(text).not.toMatch(/-\$/);
          if (kind === 'viaje.close')
            expect(text).toMatch(signed < 0 ? /La oficina debe/ : /^A entregar/);
          if (kind === 'movimiento.create')
            expect(text.startsWith(aportacion ? 'Aportación' : 'Retiro')).toBe(true);
        },
      ),
    );
  });
});

const SUBJECTS: ReceiptSubject[] = ['pago', 'aportacion', 'retiro', 'acopio'];

describe('receipts write the amount', () => {
  it('every receipt kind: each line and the total are the payload cents, in figures', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUBJECTS),
        fc.array(fc.integer({ min: 0, max: 999_999_999 }), { minLength: 3, maxLength: 3 }),
        fc.constantFrom('pending', 'received', 'void'),
        fc.integer({ min: 0, max: 999_999_999 }),
        (subject, parts, stateKind, afterCents) => {
          const lines =
            subject === 'pago'
              ? [
                  { label: 'recibos.line.capital', cents: parts[0]! },
                  { label: 'recibos.line.ordinary', cents: parts[1]! },
                  { label: 'recibos.line.late', cents: parts[2]! },
                ]
              : [{ label: 'recibos.line.income', cents: parts[0]! }];
          const total = lines.reduce((sum, l) => sum + l.cents, 0);
          const receipt: Receipt = {
            number: '3-K7QM-0001',
            code: 'ABCDEFGH',
            replaces: null,
            subject,
            recordId: 'r1',
            mutationId: 'm1',
            issuedAt: '2026-03-02T17:30:00.000Z',
            date: '2026-03-02',
            promoter: { id: 3, name: 'Ana López', role: 'PR' },
            member: { clave: 5, name: 'Juana Gómez' },
            credito: subject === 'pago' ? 12 : null,
            proceso: subject === 'pago' ? null : 'CF',
            lines,
            kilos: subject === 'acopio' ? '12.50' : null,
            total,
            after:
              subject === 'acopio'
                ? null
                : { kind: subject === 'pago' ? 'debt' : 'balance', cents: afterCents },
          };
          const state =
            stateKind === 'void'
              ? ({ kind: 'void', reason: 'refused' } as const)
              : ({ kind: stateKind } as const);
          const text = receiptText(t, () => '', 'es', receipt, state);
          const expected = [...lines.map((l) => l.cents), total];
          // The balance after it: only on a receipt that still stands.
          if (receipt.after && stateKind !== 'void') expected.push(afterCents);
          expect(centsIn(text)).toEqual(expected);
          expect(text).toContain(`Total: ${pesos(total)}`);
          if (subject === 'acopio') expect(text).toContain('Kilos: 12.5 kg');
          expect(text.includes('(por confirmar)')).toBe(
            stateKind === 'pending' && receipt.after !== null,
          );
        },
      ),
    );
  });
});
