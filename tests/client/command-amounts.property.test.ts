/**
 * Every amount the sync center and the trip write is the amount: over generated payloads, every
 * command kind's description, read in Spanish, shows the payload's cents in the one money format
 * ("$1,890.00" for 189000 cents), and the trip's shared text shows each line's cents and the
 * hand-in — a negative one as money the office owes the promoter, in figures and in words. The
 * expected figure is written here from the cents with the platform's own currency formatter,
 * never by the code under test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COMMANDS } from '#commands/catalog';
import type { CommandKind, PayloadOf } from '#commands/command-map';
import { tripOf, type TripLine } from '#commands/viajes';
import { centsToDecimalString, type Cents } from '#domain/money';
import { tripTotals } from '#domain/trip-shapes';
import { tripText } from '#features/viaje/trip-figures.ts';
import { i18n, useSpanish } from '#tests/helpers/i18n-test';

beforeAll(async () => {
  await useSpanish();
});

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** The expected figure of `cents`: "$1,890.00" (the app writes pesos with the dollar sign). */
const expected = (cents: number) => usd.format(cents / 100);

const cents = fc.integer({ min: 1, max: 99_999_999 });
const decimal = (c: number) => centsToDecimalString(c);

const NAMES = {
  nombre_socio: 'Juana',
  region: 1,
  nombre_region: 'R',
  comunidad: 1,
  nombre_comunidad: 'C',
};

/** A generated payload of a kind and the cents its description must show. */
interface Case<K extends CommandKind> {
  payload: fc.Arbitrary<{ payload: PayloadOf<K>; cents: Cents }>;
}

/**
 * Every kind, by type: a new kind fails the typecheck until it is listed. `null`: the kind's
 * description names no amount (a member, a request's folio, a contract, a translation key).
 */
const CASES: { [K in CommandKind]: Case<K> | null } = {
  'pago.create': {
    payload: cents.map((c) => ({
      cents: c,
      payload: {
        body: {
          credito: 136,
          fecha_pago: '2026-01-05',
          cantidad: decimal(c),
          abono_capital: decimal(c),
          interes_ord: '0.00',
          interes_mor: '0.00',
          fecha_banco: null,
          referencia_banco: null,
        },
        author: { autor: 1, nombre_autor: 'Ana' },
      },
    })),
  },
  'acopio.create': {
    payload: cents.map((c) => ({
      cents: c,
      payload: {
        acopio: {
          clave_socio: 5,
          fecha: '2026-01-05',
          tipo_de_producto: 'CF',
          ingreso: decimal(c),
          kilos_de_producto: '100.00',
        },
        display: NAMES,
      },
    })),
  },
  'movimiento.create': {
    payload: fc.tuple(cents, fc.boolean()).map(([c, aportacion]) => ({
      cents: c,
      payload: {
        movimiento: {
          clave_socio: 5,
          fecha_entrega: '2026-01-05',
          monto: decimal(c),
          proceso: 'CF',
          aportacion,
          ordinario: true,
          tipo_de_movimiento: 'EF',
          fecha_banco: null,
          referencia_banco: null,
          responsable_entrega: null,
        },
        display: NAMES,
      },
    })),
  },
  // The closing names the cash it counted in: payments + contributions.
  'viaje.close': {
    payload: fc.tuple(cents, cents, cents).map(([pagos, aportaciones, retiros]) => ({
      cents: pagos + aportaciones,
      payload: {
        body: {
          desde: null,
          pagos: decimal(pagos),
          aportaciones: decimal(aportaciones),
          retiros: decimal(retiros),
          capturas: [],
        },
      },
    })),
  },
  'profile.update': null,
  'socio.create': null,
  'socio.update': null,
  'comunidad.create': null,
  'comunidad.update': null,
  'solicitud.create': null,
  'solicitud.resubmit': null,
  'solicitud.renegotiate': null,
  'solicitud.review': null,
  'solicitud.evaluation': null,
  'contrato.activate': null,
  'contrato.extend': null,
  'condonacion.create': null,
  'pago.bank': null,
  'movimiento.bank': null,
  'traduccion.save': null,
  'traduccion.approve': null,
  'traduccion.revert': null,
  'visita.marca': null,
};

function checkKind<K extends CommandKind>(kind: K): void {
  const c = CASES[kind];
  if (c === null) return;
  fc.assert(
    fc.property(c.payload, ({ payload, cents: amount }) => {
      const d = COMMANDS[kind].describe(payload);
      const text = i18n.t(d.key, d.params);
      const figures = text.match(/-?\$[\d,]+\.\d{2}/g) ?? [];
      expect(figures, text).toEqual([expected(amount)]);
    }),
    { numRuns: 200 },
  );
}

describe('every command kind describes its amount as the amount', () => {
  it.each(Object.keys(COMMANDS).filter((k) => CASES[k as CommandKind] !== null))('%s', (kind) => {
    checkKind(kind as CommandKind);
  });

  it('a closing of $1,890.00 reads "$1,890.00 recibido", not "$189,000.00"', () => {
    const d = COMMANDS['viaje.close'].describe({
      body: { desde: null, pagos: '1890.00', aportaciones: '0', retiros: '0', capturas: [] },
    });
    expect(i18n.t(d.key, d.params)).toContain('$1,890.00');
  });
});

const line = (tipo: TripLine['tipo'], monto: number, n: number): TripLine => ({
  clave: `k-${n}`,
  recordId: `r-${n}`,
  tipo,
  monto,
  estado: 'enviado',
  capturedAt: '2026-03-10T15:00:00.000Z',
  clave_socio: 1203,
  credito: null,
  serverId: null,
  seq: n,
});

describe('the trip text writes every line and the hand-in as the amount', () => {
  it('each line shows its cents; a negative hand-in reads as owed to the promoter', () => {
    const tipo = fc.constantFrom<TripLine['tipo']>('pago', 'aportacion', 'retiro');
    fc.assert(
      fc.property(fc.array(fc.tuple(tipo, cents), { minLength: 1, maxLength: 8 }), (specs) => {
        const lines = specs.map(([k, c], n) => line(k, c, n));
        const trip = { ...tripOf([]), lines };
        const totals = tripTotals(lines);
        const net = specs.reduce((s, [k, c]) => (k === 'retiro' ? s - c : s + c), 0);
        const text = tripText(trip, totals, i18n.t, 'es', 'words');
        const rows = text.split('\n');
        for (const [n, [, c]] of specs.entries()) {
          const row = rows.find((r) => r.endsWith(`k-${n}`.slice(-8)));
          expect(row, `line ${n}`).toContain(` · ${expected(c)} · `);
        }
        const handIn = rows.find((r) => r.includes('(words)'));
        if (net >= 0) {
          expect(handIn).toBe(`A entregar a la oficina: ${expected(net)} (words)`);
        } else {
          expect(handIn).toBe(`La oficina debe al promotor: ${expected(-net)} (words)`);
        }
      }),
      { numRuns: 200 },
    );
  });
});
