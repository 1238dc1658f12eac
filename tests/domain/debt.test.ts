import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DebtDateError,
  contractDays,
  debtAt,
  dueDate,
  pendingCapitalAt,
  statusAt,
  termLabel,
  type DebtContract,
  type DebtPayment,
} from '#domain/debt';
import { addDays, addMonths } from '#domain/dates';

function contract(over: Partial<DebtContract> = {}): DebtContract {
  return {
    monto: 1_000_000, // $10,000.00
    tasa: '2',
    tasa_moratoria: '3',
    tipo_tasa: 'FI',
    plazo: 6,
    prorroga: 0,
    fecha_inicio: '2026-01-15',
    estatus: 'DP',
    estatus_ejecucion: 'CO',
    fecha_final: null,
    ...over,
  };
}

function payment(over: Partial<DebtPayment> & Pick<DebtPayment, 'fecha_pago'>): DebtPayment {
  const abono_capital = over.abono_capital ?? 0;
  const interes_ord = over.interes_ord ?? 0;
  const interes_mor = over.interes_mor ?? 0;
  return {
    cantidad: abono_capital + interes_ord + interes_mor,
    abono_capital,
    interes_ord,
    interes_mor,
    deuda_prev_int_ord: 0,
    deuda_prev_int_mor: 0,
    orden: 0,
    ...over,
  };
}

describe('due date, status and days', () => {
  it('adds term plus extension in calendar months', () => {
    expect(dueDate(contract())).toBe('2026-07-15');
    expect(dueDate(contract({ prorroga: 2 }))).toBe('2026-09-15');
    expect(dueDate(contract({ fecha_inicio: '2026-08-31', plazo: 6 }))).toBe('2027-02-28');
    expect(dueDate(contract({ fecha_inicio: null }))).toBeNull();
  });

  it('is VI up to the due date, VE the day after, DP when never started', () => {
    expect(statusAt(contract(), '2026-07-15')).toBe('VI');
    expect(statusAt(contract(), '2026-07-16')).toBe('VE');
    expect(statusAt(contract({ fecha_inicio: null }), '2026-07-16')).toBe('DP');
    expect(statusAt(contract({ estatus: 'PA', fecha_final: '2026-03-01' }), '2026-05-01')).toBe(
      'PA',
    );
    // Settled after the asked date: it was still pending then.
    expect(statusAt(contract({ estatus: 'PA', fecha_final: '2026-09-01' }), '2026-08-01')).toBe(
      'VE',
    );
    expect(statusAt(contract({ estatus: 'CN', fecha_final: '2026-03-01' }), '2026-05-01')).toBe(
      'CN',
    );
  });

  it('counts life, current and overdue days', () => {
    expect(contractDays(contract(), '2026-02-14')).toEqual({
      vida: 30,
      cartera_vigente: 30,
      vencidos: 0,
    });
    // Due 2026-07-15 (181 days after start); 2026-07-25 is 10 days past it.
    expect(contractDays(contract(), '2026-07-25')).toEqual({
      vida: 191,
      cartera_vigente: 181,
      vencidos: 10,
    });
    expect(contractDays(contract({ fecha_inicio: null }), '2026-07-25')).toBeNull();
    // A settled contract stops ageing at its settlement date.
    expect(
      contractDays(contract({ estatus: 'PA', fecha_final: '2026-02-14' }), '2026-12-01'),
    ).toEqual({ vida: 30, cartera_vigente: 30, vencidos: 0 });
  });

  it('labels the term with its extension', () => {
    expect(termLabel(contract())).toBe('6');
    expect(termLabel(contract({ prorroga: 2 }))).toBe('6+2');
  });
});

describe('no debt', () => {
  it('without start date, before disbursement (PC) or once settled', () => {
    expect(debtAt(contract({ fecha_inicio: null }), [], '2026-03-01')).toBeNull();
    expect(debtAt(contract({ estatus_ejecucion: 'PC' }), [], '2026-03-01')).toBeNull();
    expect(
      debtAt(contract({ estatus: 'PA', fecha_final: '2026-02-01' }), [], '2026-03-01'),
    ).toBeNull();
    expect(
      debtAt(contract({ estatus: 'CN', fecha_final: '2026-02-01' }), [], '2026-03-01'),
    ).toBeNull();
  });

  it('asOfDate computes a contract settled after the asked date', () => {
    const paid = contract({ estatus: 'PA', fecha_final: '2026-05-01' });
    expect(debtAt(paid, [], '2026-03-01')).toBeNull();
    // 2026-01-15 → 2026-03-01: one completed month → 10,000 + 200.
    expect(debtAt(paid, [], '2026-03-01', { asOfDate: true })?.total_deuda).toBe(1_020_000);
    expect(debtAt(paid, [], '2026-06-01', { asOfDate: true })).toBeNull();
  });

  it('refuses a date before the start, naming both dates', () => {
    expect(() => debtAt(contract(), [], '2026-01-14')).toThrow(DebtDateError);
    try {
      debtAt(contract(), [], '2026-01-14');
    } catch (error) {
      expect((error as DebtDateError).messageKey).toBe(
        'validation.debtBeforeStart|{"fecha":"2026-01-14","fecha_inicio":"2026-01-15"}',
      );
    }
  });
});

describe('fixed rate (FI): simple interest on the original amount', () => {
  // $10,000.00 at 2 % a month → $200.00 per whole calendar month; late 3 % → $300.00 a month.
  it('owes only the capital on the start day', () => {
    expect(debtAt(contract(), [], '2026-01-15')).toMatchObject({
      capital_por_pagar: 1_000_000,
      interes_ordinario_deuda: 0,
      interes_moratorio_deuda: 0,
      total_deuda: 1_000_000,
      estatus_detail: 'VI',
    });
  });

  it('charges a month on its anniversary, never before (completed months)', () => {
    expect(debtAt(contract(), [], '2026-02-14')?.interes_ordinario_deuda).toBe(0);
    expect(debtAt(contract(), [], '2026-02-15')?.total_deuda).toBe(1_020_000);
    expect(debtAt(contract(), [], '2026-01-31')?.interes_ordinario_deuda).toBe(0);
    expect(debtAt(contract(), [], '2026-03-14')?.interes_ordinario_deuda).toBe(20_000);
    expect(debtAt(contract(), [], '2026-03-15')?.interes_ordinario_deuda).toBe(40_000);
  });

  it('start days 25–31: the month is charged on its (clamped) anniversary', () => {
    // [start, date, ordinary interest in cents] for $10,000.00 at 2 %: $200.00 per month.
    const cases: [string, string, number][] = [
      ['2026-06-25', '2026-09-24', 40_000],
      ['2026-06-25', '2026-09-25', 60_000],
      ['2026-06-25', '2026-10-03', 60_000],
      ['2026-01-26', '2026-02-25', 0],
      ['2026-01-26', '2026-02-26', 20_000],
      ['2026-01-27', '2026-03-26', 20_000],
      ['2026-01-27', '2026-03-27', 40_000],
      ['2026-01-28', '2026-02-28', 20_000],
      ['2026-01-29', '2026-02-27', 0],
      ['2026-01-29', '2026-02-28', 20_000],
      ['2026-01-30', '2026-03-29', 20_000],
      ['2026-01-30', '2026-03-30', 40_000],
      ['2026-01-31', '2026-02-28', 20_000],
      ['2026-01-31', '2026-03-30', 20_000],
      ['2026-01-31', '2026-03-31', 40_000],
      ['2026-01-31', '2026-04-30', 60_000],
      ['2025-12-31', '2026-01-30', 0],
      ['2025-12-31', '2026-01-31', 20_000],
    ];
    for (const [fecha_inicio, date, interest] of cases) {
      const c = contract({ fecha_inicio, plazo: 12 });
      expect([fecha_inicio, date, debtAt(c, [], date)?.interes_ordinario_deuda]).toEqual([
        fecha_inicio,
        date,
        interest,
      ]);
    }
  });

  it('late interest also counts completed months past the term', () => {
    // Start 31 Jan, 1 month: due 28 Feb. On 30 Mar one month completed, none past the term
    // (overdue, no late interest yet); on 31 Mar the second month completes: $300.00 late.
    const c = contract({ fecha_inicio: '2026-01-31', plazo: 1 });
    expect(debtAt(c, [], '2026-03-30')).toMatchObject({
      estatus_detail: 'VE',
      interes_ordinario_deuda: 20_000,
      interes_moratorio_deuda: 0,
      total_deuda: 1_020_000,
    });
    expect(debtAt(c, [], '2026-03-31')).toMatchObject({
      interes_ordinario_deuda: 40_000,
      interes_moratorio_deuda: 30_000,
      total_deuda: 1_070_000,
    });
  });

  it('at the due date: six months of interest, no late interest', () => {
    expect(debtAt(contract(), [], '2026-07-15')).toMatchObject({
      interes_ordinario_deuda: 120_000,
      interes_moratorio_deuda: 0,
      total_deuda: 1_120_000,
      estatus_detail: 'VI',
    });
  });

  it('a day after the due date is overdue but in the same month: still no late interest', () => {
    expect(debtAt(contract(), [], '2026-07-16')).toMatchObject({
      interes_moratorio_deuda: 0,
      total_deuda: 1_120_000,
      estatus_detail: 'VE',
    });
  });

  it('months after the due date add the late rate for the months past the term', () => {
    // 2026-09-14: m = 7: ordinary 7 × 200 = 1,400; late (7 − 6) × 300 = 300.
    expect(debtAt(contract(), [], '2026-09-14')).toMatchObject({
      interes_ordinario_deuda: 140_000,
      interes_moratorio_deuda: 30_000,
      total_deuda: 1_170_000,
    });
    // 2026-09-15: m = 8: ordinary 8 × 200 = 1,600; late (8 − 6) × 300 = 600.
    expect(debtAt(contract(), [], '2026-09-15')).toMatchObject({
      interes_ordinario_deuda: 160_000,
      interes_moratorio_deuda: 60_000,
      total_deuda: 1_220_000,
    });
  });

  it('an extension moves the due date and delays late interest', () => {
    const extended = contract({ prorroga: 2 });
    // 2026-09-01: m = 7, due 2026-09-15.
    expect(debtAt(extended, [], '2026-09-01')).toMatchObject({
      interes_ordinario_deuda: 140_000,
      interes_moratorio_deuda: 0,
      total_deuda: 1_140_000,
      estatus_detail: 'VI',
    });
    // 2026-11-20: m = 10, term 8 → late 2 × 300 = 600; ordinary 10 × 200 = 2,000.
    expect(debtAt(extended, [], '2026-11-20')).toMatchObject({
      interes_ordinario_deuda: 200_000,
      interes_moratorio_deuda: 60_000,
      total_deuda: 1_260_000,
      estatus_detail: 'VE',
    });
  });

  it('partial payments before the due date reduce capital and interest owed', () => {
    // 2026-03-20 (m = 2, interest owed 400): pays 600 capital + 400 interest.
    const p1 = payment({ fecha_pago: '2026-03-20', abono_capital: 60_000, interes_ord: 40_000 });
    // 2026-04-14: m = 2 → ordinary 400 − 400 paid = 0; capital 9,400.
    expect(debtAt(contract(), [p1], '2026-04-14')).toMatchObject({
      capital_por_pagar: 940_000,
      interes_ordinario_deuda: 0,
      total_deuda: 940_000,
    });
    // 2026-04-15: m = 3 → ordinary 600 − 400 paid = 200.
    expect(debtAt(contract(), [p1], '2026-04-15')).toMatchObject({
      capital_abonado: 60_000,
      interes_ordinario_abonado: 40_000,
      total_abonado: 100_000,
      capital_por_pagar: 940_000,
      interes_ordinario_deuda: 20_000,
      total_deuda: 960_000,
    });
    // Payments dated after the asked date do not count.
    expect(debtAt(contract(), [p1], '2026-03-19')?.total_deuda).toBe(1_040_000);
  });

  it('partial payments after the due date reduce late interest', () => {
    // 2026-09-15: ordinary 1,600, late 600. Pays 1,000 capital, 1,600 ordinary, 600 late.
    const p = payment({
      fecha_pago: '2026-09-15',
      abono_capital: 100_000,
      interes_ord: 160_000,
      interes_mor: 60_000,
    });
    expect(debtAt(contract(), [p], '2026-09-15')).toMatchObject({
      capital_por_pagar: 900_000,
      interes_ordinario_deuda: 0,
      interes_moratorio_deuda: 0,
      total_deuda: 900_000,
    });
    // 2026-10-14: still m = 8 → nothing more owed but the capital.
    expect(debtAt(contract(), [p], '2026-10-14')?.total_deuda).toBe(900_000);
    // 2026-10-15: m = 9 → ordinary 1,800 − 1,600 = 200; late 3 × 300 − 600 = 300.
    expect(debtAt(contract(), [p], '2026-10-15')).toMatchObject({
      interes_ordinario_deuda: 20_000,
      interes_moratorio_deuda: 30_000,
      total_deuda: 950_000,
    });
  });

  it('truncates to cents, never rounding up', () => {
    // $1,000.00 × 1.2345 % = 12.345 → 12.34.
    const c = contract({ monto: 100_000, tasa: '1.2345', fecha_inicio: '2026-01-01' });
    expect(debtAt(c, [], '2026-02-01')?.interes_ordinario_deuda).toBe(1_234);
    // × 3 months = 37.035 → 37.03.
    expect(debtAt(c, [], '2026-04-01')?.interes_ordinario_deuda).toBe(3_703);
  });
});

describe('variable rate (VA): daily interest on pending capital since the last payment', () => {
  // $10,000.00 at 2 % a month → 0.24/365 of the capital per day.
  const va = contract({ tipo_tasa: 'VA', fecha_inicio: '2026-01-01' });

  it('accrues daily from the start', () => {
    // 30 days: 10,000 × 0.24 × 30 / 365 = 197.260273… → 197.26.
    expect(debtAt(va, [], '2026-01-31')).toMatchObject({
      interes_ordinario_deuda: 19_726,
      total_deuda: 1_019_726,
    });
    expect(debtAt(va, [], '2026-01-01')?.total_deuda).toBe(1_000_000);
  });

  it('restarts from the last payment on the pending capital', () => {
    const p1 = payment({
      fecha_pago: '2026-01-31',
      abono_capital: 80_274,
      interes_ord: 19_726,
      deuda_prev_int_ord: 19_726,
    });
    expect(debtAt(va, [p1], '2026-01-31')).toMatchObject({
      capital_por_pagar: 919_726,
      interes_ordinario_deuda: 0,
      total_deuda: 919_726,
    });
    // 30 days later: 9,197.26 × 0.24 × 30 / 365 = 181.425402… → 181.42.
    expect(debtAt(va, [p1], '2026-03-02')).toMatchObject({
      interes_ordinario_deuda: 18_142,
      total_deuda: 937_868,
    });
  });

  it('carries interest a payment left unpaid', () => {
    const p1 = payment({
      fecha_pago: '2026-01-31',
      abono_capital: 80_274,
      interes_ord: 19_726,
      deuda_prev_int_ord: 19_726,
    });
    // 2026-03-02 owed 181.42, paid 100.00 → 81.42 carried.
    const p2 = payment({
      fecha_pago: '2026-03-02',
      interes_ord: 10_000,
      deuda_prev_int_ord: 18_142,
      orden: 1,
    });
    // 2026-04-01: 181.425402… + 81.42 = 262.845402… → 262.84.
    expect(debtAt(va, [p1, p2], '2026-04-01')).toMatchObject({
      capital_por_pagar: 919_726,
      interes_ordinario_deuda: 26_284,
      total_deuda: 946_010,
    });
  });

  it('adds late interest from the due date', () => {
    const short = contract({ tipo_tasa: 'VA', fecha_inicio: '2026-01-01', plazo: 1 });
    // Due 2026-02-01. At 2026-02-11: ordinary 41 days = 269.589041… → 269.58;
    // late 10 days at 3 %: 10,000 × 0.36 × 10 / 365 = 98.630136… → 98.63.
    expect(debtAt(short, [], '2026-02-11')).toMatchObject({
      interes_ordinario_deuda: 26_958,
      interes_moratorio_deuda: 9_863,
      total_deuda: 1_036_821,
      estatus_detail: 'VE',
    });
    expect(debtAt(short, [], '2026-02-01')?.interes_moratorio_deuda).toBe(0);
  });

  it('counts late days from the last payment when it was after the due date', () => {
    const short = contract({ tipo_tasa: 'VA', fecha_inicio: '2026-01-01', plazo: 1 });
    const atDue = debtAt(short, [], '2026-02-11')!;
    const p = payment({
      fecha_pago: '2026-02-11',
      interes_ord: atDue.interes_ordinario_deuda,
      interes_mor: atDue.interes_moratorio_deuda,
      deuda_prev_int_ord: atDue.interes_ordinario_deuda,
      deuda_prev_int_mor: atDue.interes_moratorio_deuda,
    });
    // 10 more days, all late: ordinary 10,000 × 0.24 × 10/365 = 65.753424… → 65.75;
    // late 98.630136… → 98.63.
    expect(debtAt(short, [p], '2026-02-21')).toMatchObject({
      interes_ordinario_deuda: 6_575,
      interes_moratorio_deuda: 9_863,
    });
  });
});

// ---- properties -------------------------------------------------------------------------

const contractArb = fc.record({
  monto: fc.integer({ min: 1, max: 999_999_900 }),
  tasaUnits: fc.integer({ min: 100, max: 1_000_000 }), // 0.01 % … 100 %
  morUnits: fc.integer({ min: 100, max: 1_000_000 }),
  tipo: fc.constantFrom<'FI' | 'VA'>('FI', 'VA'),
  plazo: fc.integer({ min: 1, max: 24 }),
  prorroga: fc.integer({ min: 0, max: 14 }),
  startOffset: fc.integer({ min: 0, max: 1500 }),
});

function toContract(r: {
  monto: number;
  tasaUnits: number;
  morUnits: number;
  tipo: 'FI' | 'VA';
  plazo: number;
  prorroga: number;
  startOffset: number;
}): DebtContract {
  return contract({
    monto: r.monto,
    tasa: (r.tasaUnits / 10_000).toFixed(4),
    tasa_moratoria: (r.morUnits / 10_000).toFixed(4),
    tipo_tasa: r.tipo,
    plazo: r.plazo,
    prorroga: r.prorroga,
    fecha_inicio: addDays('2020-01-01', r.startOffset),
  });
}

/** Applies a valid payment at d: each part within its debt, with the snapshot stored. */
function pay(c: DebtContract, payments: DebtPayment[], d: string, fraction: number): DebtPayment[] {
  const debt = debtAt(c, payments, d)!;
  const take = (owed: number) => Math.floor(owed * fraction);
  const p = payment({
    fecha_pago: d,
    abono_capital: take(debt.capital_por_pagar),
    interes_ord: take(debt.interes_ordinario_deuda),
    interes_mor: take(debt.interes_moratorio_deuda),
    deuda_prev_int_ord: debt.interes_ordinario_deuda,
    deuda_prev_int_mor: debt.interes_moratorio_deuda,
    orden: payments.length,
  });
  return [...payments, p];
}

describe('debt properties', () => {
  it('is never negative after any sequence of valid partial payments', () => {
    fc.assert(
      fc.property(
        contractArb,
        fc.array(
          fc.record({
            gap: fc.integer({ min: 0, max: 200 }),
            fraction: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          {
            maxLength: 8,
          },
        ),
        fc.integer({ min: 0, max: 400 }),
        (r, steps, tail) => {
          const c = toContract(r);
          let payments: DebtPayment[] = [];
          let d = c.fecha_inicio!;
          for (const step of steps) {
            d = addDays(d, step.gap);
            payments = pay(c, payments, d, step.fraction);
          }
          const debt = debtAt(c, payments, addDays(d, tail))!;
          expect(debt.capital_por_pagar).toBeGreaterThanOrEqual(0);
          expect(debt.interes_ordinario_deuda).toBeGreaterThanOrEqual(0);
          expect(debt.interes_moratorio_deuda).toBeGreaterThanOrEqual(0);
          expect(debt.total_deuda).toBe(
            debt.capital_por_pagar + debt.interes_ordinario_deuda + debt.interes_moratorio_deuda,
          );
        },
      ),
    );
  });

  it('paying the whole debt at a date leaves nothing owed at that date', () => {
    fc.assert(
      fc.property(contractArb, fc.integer({ min: 0, max: 1200 }), (r, offset) => {
        const c = toContract(r);
        const d = addDays(c.fecha_inicio!, offset);
        const settled = pay(c, [], d, 1);
        const last = settled.at(-1)!;
        expect(last.cantidad).toBe(debtAt(c, [], d)!.total_deuda);
        expect(debtAt(c, settled, d)).toMatchObject({
          capital_por_pagar: 0,
          interes_ordinario_deuda: 0,
          interes_moratorio_deuda: 0,
          total_deuda: 0,
        });
      }),
    );
  });

  it('a payment never changes the debt before its date', () => {
    fc.assert(
      fc.property(
        contractArb,
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 0, max: 599 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (r, payOffset, askOffset, fraction) => {
          fc.pre(askOffset < payOffset);
          const c = toContract(r);
          const payDate = addDays(c.fecha_inicio!, payOffset);
          const ask = addDays(c.fecha_inicio!, askOffset);
          expect(debtAt(c, pay(c, [], payDate, fraction), ask)).toEqual(debtAt(c, [], ask));
        },
      ),
    );
  });

  it('truncation never rounds up: fixed-rate interest is the floor of the exact product', () => {
    fc.assert(
      fc.property(contractArb, fc.integer({ min: 0, max: 60 }), (r, months) => {
        // Interest over `months` whole months, before any late interest (long term).
        const c = { ...toContract({ ...r, tipo: 'FI' }), plazo: 100 };
        const ask = addMonths(c.fecha_inicio!, months);
        const exactMicroCents = BigInt(c.monto) * BigInt(r.tasaUnits) * BigInt(months);
        const got = BigInt(debtAt(c, [], ask)!.interes_ordinario_deuda) * 1_000_000n;
        expect(got <= exactMicroCents).toBe(true);
        expect(exactMicroCents - got < 1_000_000n).toBe(true);
      }),
    );
  });
});

describe('pending capital at a date (the portfolio reads only this)', () => {
  const paid = [
    payment({ fecha_pago: '2026-02-15', abono_capital: 200_000, interes_ord: 20_000 }),
    payment({ fecha_pago: '2026-04-15', abono_capital: 300_000 }),
  ];

  it('is the amount lent less the capital paid by that day, interest aside', () => {
    expect(pendingCapitalAt(contract(), paid, '2026-02-14')).toBe(1_000_000);
    expect(pendingCapitalAt(contract(), paid, '2026-02-15')).toBe(800_000);
    expect(pendingCapitalAt(contract(), paid, '2026-12-31')).toBe(500_000);
  });

  it('counts a contract settled later as pending then, and nothing once settled', () => {
    const settled = contract({ estatus: 'PA', fecha_final: '2026-05-01' });
    expect(pendingCapitalAt(settled, paid, '2026-04-30')).toBe(500_000);
    expect(pendingCapitalAt(settled, paid, '2026-05-01')).toBeNull();
    expect(pendingCapitalAt(contract({ fecha_inicio: null }), paid, '2026-03-01')).toBeNull();
    expect(pendingCapitalAt(contract({ estatus_ejecucion: 'PC' }), paid, '2026-03-01')).toBeNull();
    expect(() => pendingCapitalAt(contract(), paid, '2026-01-14')).toThrow(DebtDateError);
  });

  it("always equals the full debt's pending capital", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ day: fc.integer({ min: 0, max: 400 }), cap: fc.nat(50_000) })),
        fc.integer({ min: 0, max: 500 }),
        fc.constantFrom<DebtContract['estatus']>('DP', 'PA', 'CN'),
        (entries, dayAt, estatus) => {
          const c = contract({ estatus, fecha_final: estatus === 'DP' ? null : '2026-09-01' });
          const payments = entries.map((e, orden) =>
            payment({ fecha_pago: addDays('2026-01-15', e.day), abono_capital: e.cap, orden }),
          );
          const d = addDays('2026-01-15', dayAt);
          const full = debtAt(c, payments, d, { asOfDate: true });
          expect(pendingCapitalAt(c, payments, d)).toBe(full ? full.capital_por_pagar : null);
        },
      ),
    );
  });
});
