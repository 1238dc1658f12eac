/**
 * The cash-contribution month rule (docs/business-rules.md#contributions-and-withdrawals) shared by
 * the phone's form and the server: the delivery date of a cash contribution must fall in the month
 * of its capture, read in the cooperative's time zone — across a month boundary in both directions.
 */
import { describe, expect, it } from 'vitest';
import { captureMonth, cashMonthMessage, cashMonthProblem } from '#domain/movement-month';
import { parseMessage } from '#domain/messages';

const cash = { aportacion: true, tipo_de_movimiento: 'EF' as const };

describe('cash contributions fall in the month of their capture', () => {
  it('reads the capture month in Chiapas, not in UTC', () => {
    // 23:30 on January 31st in Chiapas is already February 1st in UTC.
    const late = new Date('2025-01-31T23:30:00-06:00');
    expect(captureMonth(late)).toBe('2025-01');
    expect(captureMonth(late, 'UTC')).toBe('2025-02');
    expect(cashMonthProblem({ ...cash, fecha_entrega: '2025-01-31' }, late)).toBeNull();
    expect(cashMonthProblem({ ...cash, fecha_entrega: '2025-02-01' }, late)).toBe('2025-01');
  });

  it('captured just after midnight on the 1st, last month is refused', () => {
    const early = new Date('2025-03-01T00:05:00-06:00');
    expect(cashMonthProblem({ ...cash, fecha_entrega: '2025-02-28' }, early)).toBe('2025-03');
    expect(cashMonthProblem({ ...cash, fecha_entrega: '2025-03-01' }, early)).toBeNull();
  });

  it('a year boundary too', () => {
    const newYear = new Date('2026-01-01T06:00:00Z'); // midnight in Chiapas
    expect(cashMonthProblem({ ...cash, fecha_entrega: '2025-12-31' }, newYear)).toBe('2026-01');
    expect(cashMonthProblem({ ...cash, fecha_entrega: '2026-01-01' }, newYear)).toBeNull();
  });

  it('withdrawals and bank or transfer contributions are not bound to a month', () => {
    const at = new Date('2025-03-02T12:00:00-06:00');
    const old = '2025-01-15';
    expect(cashMonthProblem({ ...cash, aportacion: false, fecha_entrega: old }, at)).toBeNull();
    for (const tipo of ['BA', 'TR'] as const)
      expect(
        cashMonthProblem({ ...cash, tipo_de_movimiento: tipo, fecha_entrega: old }, at),
      ).toBeNull();
  });

  it("says it with the server's message and the month", () => {
    expect(parseMessage(cashMonthMessage('2025-03'))).toEqual({
      key: 'server.deliveries.cashOutsideCaptureMonth',
      params: { mes: '2025-03' },
    });
  });
});
