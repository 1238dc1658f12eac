/**
 * Interest waiver (condonaciones, docs/business-rules.md#waiver, GE): only a DP contract with
 * execution CO whose capital is fully paid today; what is still owed in interest is forgiven and
 * the contract ends as CN today. One transaction with the contract row locked.
 */
import { eq } from 'drizzle-orm';
import type { WaiverAnswer } from '#domain/credit-shapes';
import type { IsoDate } from '#domain/dates';
import { debtAt, statusAt } from '#domain/debt';
import type { WaiverValues } from '#domain/forms/waiver';
import { msg } from '#domain/messages';
import { RuleError } from '#domain/rule-errors';
import { formatCurrency } from '#domain/format';
import { centsToDecimalString } from '#domain/money';
import type { AuthUser } from '#server/auth/authenticate';
import { condonaciones, contratos } from '#server/db/schema';
import type { Db } from '#server/db/client';
import { findContract, loadDebtPaymentsOf } from './credit-records.ts';

const creditoError = (key: string, params: Record<string, string | number>) =>
  new RuleError({ credito: [msg(`server.credits.${key}`, params)] });

export async function createWaiver(
  tx: Db,
  user: AuthUser,
  values: WaiverValues,
  today: IsoDate,
): Promise<WaiverAnswer> {
  const contract = await findContract(tx, user, values.credito, { forUpdate: true });
  if (!contract) throw creditoError('contractNotFound', { id: values.credito });
  const c = contract.debt;
  if (c.estatus !== 'DP') throw creditoError('notPending', { id: contract.id, estatus: c.estatus });
  if (c.estatus_ejecucion !== 'CO' || c.fecha_inicio === null)
    throw creditoError('notCollected', { id: contract.id, estatus: c.estatus_ejecucion });

  const payments = (await loadDebtPaymentsOf(tx, [contract.id])).get(contract.id) ?? [];
  const debt = debtAt(c, payments, today);
  if (!debt) throw creditoError('noDebt', { id: contract.id, fecha: today });
  if (debt.capital_por_pagar !== 0)
    throw creditoError('waiverCapitalPending', {
      capital: formatCurrency(debt.capital_por_pagar),
    });

  const [row] = await tx
    .insert(condonaciones)
    .values({
      credito: contract.id,
      fecha: today,
      autor: user.id,
      total: centsToDecimalString(debt.total_deuda),
      interes_ord: centsToDecimalString(debt.interes_ordinario_deuda),
      interes_mor: centsToDecimalString(debt.interes_moratorio_deuda),
      estatus_previo: statusAt(c, today),
      justificacion: values.justificacion,
    })
    .returning();
  if (!row) throw new Error('waiver insert returned no row');
  await tx
    .update(contratos)
    .set({ estatus: 'CN', fecha_final: today })
    .where(eq(contratos.id, contract.id));
  return {
    id: row.id,
    credito: row.credito,
    fecha: row.fecha,
    total: row.total,
    interes_ord: row.interes_ord,
    interes_mor: row.interes_mor,
    estatus_previo: row.estatus_previo,
    justificacion: row.justificacion,
  };
}
