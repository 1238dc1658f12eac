/**
 * A payment captured on the phone and not sent yet is counted with the snapshot the server
 * will store when it arrives: computed again over the payments that count,
 * so one refused before it (left out) does not change the variable-rate carry it gives later
 * payments.
 */
import { describe, expect, it } from 'vitest';
import { restatePendingPayments, type PaymentReplicaRow } from '#domain/credit-replica';

// $10,000.00 at 2 % a month, variable rate, from 2026-01-01 (the figures of debt.test.ts).
const va = {
  monto: '10000.00',
  tasa: '2.0000',
  tasa_moratoria: '3.0000',
  tipo_tasa: 'VA' as const,
  plazo: 6,
  prorroga: 0,
  fecha_inicio: '2026-01-01',
  fecha_final: null,
  estatus_contrato: 'DP' as const,
  estatus_ejecucion: 'CO' as const,
};

function localPayment(id: string, fecha: string, capital: string): PaymentReplicaRow {
  return {
    id,
    credito: 1,
    fecha_pago: fecha,
    cantidad: capital,
    abono_capital: capital,
    interes_ord: '0.00',
    interes_mor: '0.00',
    autor: 1,
    nombre_autor: '',
    fecha_banco: null,
    referencia_banco: null,
    estatus_previo: 'VI',
    // Stale: taken when a payment now refused still counted.
    deuda_prev_total: '1.00',
    deuda_prev_capital: '1.00',
    deuda_prev_int_ord: '1.00',
    deuda_prev_int_mor: '1.00',
    capturado_en: '2026-01-31T15:00:00.000Z',
    tipo: 'MC',
    fondo_comun: false,
    clave_socio: 1,
    nombres: '',
    region: 1,
    nombre_region: '',
    _localId: id,
    _pending: `m-${id}`,
  };
}

describe('pending payments restated over the counted ones', () => {
  it("a pending payment's snapshot is the debt at its date over the payments that count", () => {
    const [row] = restatePendingPayments(va, [localPayment('b', '2026-01-31', '1000.00')]);
    // 30 days on $10,000.00: 10,000 × 0.24 × 30 / 365 = 197.26.
    expect(row).toMatchObject({
      deuda_prev_capital: '10000.00',
      deuda_prev_int_ord: '197.26',
      deuda_prev_int_mor: '0.00',
      deuda_prev_total: '10197.26',
      estatus_previo: 'VI',
    });
  });

  it('a second pending payment sees the first one (capture order), not a refused one', () => {
    const first = localPayment('a', '2026-01-31', '1000.00');
    const second = {
      ...localPayment('c', '2026-03-02', '500.00'),
      capturado_en: '2026-03-02T15:00:00.000Z',
    };
    const rows = restatePendingPayments(va, [second, first]);
    const restated = rows.find((r) => r.id === 'c');
    // After the first: capital 9,000.00 and the 197.26 of January still owed; 30 more days on
    // 9,000.00 = 9,000 × 0.24 × 30 / 365 = 177.534… → 177.53; owed 374.79.
    expect(restated).toMatchObject({ deuda_prev_capital: '9000.00', deuda_prev_int_ord: '374.79' });
  });
});
