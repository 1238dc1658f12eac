/**
 * The home's reading of the replica (plain checks instead of a schema per row): the
 * rows it can read become portfolio inputs in integer cents; a row it cannot read is left out
 * rather than breaking the home.
 */
import { describe, expect, it } from 'vitest';
import { portfolioInputs } from '#features/inicio/replica-portfolio.ts';

const contract = {
  id: 10,
  region: 2,
  fondo_comun: false,
  monto: '4000.00',
  tasa: '1.5000',
  tasa_moratoria: '3.0000',
  tipo_tasa: 'FI',
  plazo: 12,
  prorroga: 0,
  fecha_inicio: '2026-01-15',
  estatus_contrato: 'DP',
  estatus_ejecucion: 'CO',
  fecha_final: null,
  nombres: 'Ana López',
};

const payment = {
  id: 501,
  credito: 10,
  fecha_pago: '2026-02-15',
  cantidad: '560.00',
  abono_capital: '500.00',
  interes_ord: '60.00',
  interes_mor: '0.00',
  deuda_prev_int_ord: '60.00',
  deuda_prev_int_mor: '0.00',
  capturado_en: null,
};

describe('portfolioInputs', () => {
  it('reads a contract and its payments in cents', () => {
    const [input, ...rest] = portfolioInputs([contract], [payment]);
    expect(rest).toEqual([]);
    expect(input).toMatchObject({ id: 10, region: 2, fondo_comun: false });
    expect(input!.contract).toMatchObject({
      monto: 400_000,
      tasa: '1.5000',
      tipo_tasa: 'FI',
      plazo: 12,
      prorroga: 0,
      estatus: 'DP',
      fecha_final: null,
    });
    expect(input!.payments).toHaveLength(1);
    expect(input!.payments[0]).toMatchObject({
      cantidad: 56_000,
      abono_capital: 50_000,
      interes_ord: 6_000,
      orden: 501,
    });
  });

  it('reads a payment captured here (text keys, pesos numbers) against its contract', () => {
    const local = {
      ...payment,
      id: 'a0c1-local',
      credito: '10',
      cantidad: 100,
      abono_capital: 100,
      interes_ord: 0,
      interes_mor: 0,
      deuda_prev_int_ord: 0,
      deuda_prev_int_mor: 0,
      capturado_en: '2026-02-16T15:00:00.000Z',
    };
    const [input] = portfolioInputs([contract], [payment, local]);
    expect(input!.payments.map((p) => p.cantidad)).toEqual([56_000, 10_000]);
  });

  it('takes a missing extension as none and an unreadable settlement date as none', () => {
    const { prorroga: _dropped, ...withoutExtension } = contract;
    const [input] = portfolioInputs([{ ...withoutExtension, fecha_final: 42 }], []);
    expect(input!.contract.prorroga).toBe(0);
    expect(input!.contract.fecha_final).toBeNull();
  });

  it('leaves out rows it cannot read', () => {
    const inputs = portfolioInputs(
      [
        contract,
        { ...contract, id: 11, monto: 'mil' },
        { ...contract, id: 12, estatus_contrato: 'XX' },
        { ...contract, id: 13, fecha_inicio: undefined },
        null,
      ],
      [
        payment,
        { ...payment, id: 502, abono_capital: '1.234' },
        { ...payment, id: 503, fecha_pago: null },
      ],
    );
    expect(inputs.map((i) => i.id)).toEqual([10]);
    expect(inputs[0]!.payments.map((p) => p.orden)).toEqual([501]);
  });
});
