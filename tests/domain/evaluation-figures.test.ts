import { describe, expect, it } from 'vitest';
import type { DebtContract } from '#domain/debt';
import {
  delinquency,
  evaluationFigures,
  riskLevel,
  type EvaluationInputs,
} from '#domain/evaluation-figures';
import type { PortfolioInput } from '#domain/portfolio';

function contract(over: Partial<DebtContract> = {}): DebtContract {
  return {
    monto: 100_000,
    tasa: '2',
    tasa_moratoria: '3',
    tipo_tasa: 'FI',
    plazo: 6,
    prorroga: 0,
    fecha_inicio: '2026-01-01',
    estatus: 'DP',
    estatus_ejecucion: 'CO',
    fecha_final: null,
    ...over,
  };
}
function item(id: number, over: Partial<DebtContract> = {}): PortfolioInput {
  return { id, region: 1, fondo_comun: false, contract: contract(over), payments: [] };
}

const TODAY = '2026-11-21';
function inputs(over: Partial<EvaluationInputs> = {}): EvaluationInputs {
  return {
    today: TODAY,
    monto_solicitado: 500_000,
    deliveries: [
      { fecha: '2026-03-10', ingreso: 600_000 },
      { fecha: '2026-09-01', ingreso: 400_000 },
      { fecha: '2025-10-01', ingreso: 250_000 },
      { fecha: '2024-10-01', ingreso: 999_999 },
    ],
    memberContracts: [],
    communityContracts: [],
    regionContracts: [],
    saldo: 123_457,
    ...over,
  };
}

describe('evaluation figures', () => {
  it('solvency = requested ÷ this year deliveries; last year shown beside it', () => {
    const f = evaluationFigures(inputs());
    expect(f.ingresos_este_anio).toBe(1_000_000);
    expect(f.ingresos_anio_pasado).toBe(250_000);
    expect(f.solvencia).toBe(0.5);
  });

  it('solvency is NA without deliveries this year', () => {
    expect(
      evaluationFigures(inputs({ deliveries: [{ fecha: '2025-01-01', ingreso: 10 }] })).solvencia,
    ).toBe('NA');
  });

  it('suggests 30 % and 50 % of the balance, rounded down to cents', () => {
    const f = evaluationFigures(inputs());
    expect(f.sugerido_30).toBe(37_037); // 1,234.57 × 0.3 = 370.371
    expect(f.sugerido_50).toBe(61_728); // 617.285
    expect(evaluationFigures(inputs({ saldo: null })).sugerido_50).toBe(0);
  });

  it('last credit: the most recent contract, its status today and life', () => {
    const f = evaluationFigures(
      inputs({
        memberContracts: [
          item(1, { fecha_inicio: '2025-01-01', estatus: 'PA', fecha_final: '2025-06-01' }),
          item(2, { fecha_inicio: '2026-10-22' }),
        ],
      }),
    );
    expect(f.ultimo_credito).toEqual({ id: 2, monto: 100_000, estatus: 'VI', vida: 30 });
  });

  it('total pending debt over all the member contracts', () => {
    // Contract 2: 2026-10-21 → 2026-11-21 is 1 completed month: 1,000 + 20 = 1,020.00; contract 3
    // the same start as 2 but PC (not disbursed) → no debt.
    const f = evaluationFigures(
      inputs({
        memberContracts: [
          item(2, { fecha_inicio: '2026-10-21' }),
          item(3, { fecha_inicio: '2026-10-21', estatus_ejecucion: 'PC' }),
        ],
      }),
    );
    expect(f.deuda_total).toBe(102_000);
  });

  it('delinquency = overdue pending capital ÷ all pending capital', () => {
    const overdue = item(1, { fecha_inicio: '2025-01-01', monto: 30_000 }); // due 2025-07-01
    const current = item(2, { fecha_inicio: '2026-10-01', monto: 90_000 });
    expect(delinquency([overdue, current], TODAY)).toBe(0.25);
    expect(delinquency([], TODAY)).toBe(0);
    const f = evaluationFigures(
      inputs({
        memberContracts: [overdue],
        communityContracts: [overdue, current],
        regionContracts: [current],
      }),
    );
    expect([f.morosidad_socio, f.morosidad_comunidad, f.morosidad_region]).toEqual([1, 0.25, 0]);
    expect(f.tiene_vencido).toBe(true);
    expect(f.riesgo).toBe('Alto');
  });
});

describe('risk level', () => {
  it('Alto with an overdue contract or solvency above 1', () => {
    expect(riskLevel({ tiene_vencido: true, solvencia: 0.1, morosidad_region: 0 })).toBe('Alto');
    expect(riskLevel({ tiene_vencido: false, solvencia: 1.01, morosidad_region: 0 })).toBe('Alto');
  });
  it('Medio with region delinquency above 10 %, solvency above 0.5, or NA', () => {
    expect(riskLevel({ tiene_vencido: false, solvencia: 1, morosidad_region: 0 })).toBe('Medio');
    expect(riskLevel({ tiene_vencido: false, solvencia: 0.51, morosidad_region: 0 })).toBe('Medio');
    expect(riskLevel({ tiene_vencido: false, solvencia: 0.2, morosidad_region: 0.11 })).toBe(
      'Medio',
    );
    expect(riskLevel({ tiene_vencido: false, solvencia: 'NA', morosidad_region: 0 })).toBe('Medio');
  });
  it('Bajo otherwise (boundaries included)', () => {
    expect(riskLevel({ tiene_vencido: false, solvencia: 0.5, morosidad_region: 0.1 })).toBe('Bajo');
  });
});
