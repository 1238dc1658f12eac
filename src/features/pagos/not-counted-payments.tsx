/**
 * The payments of a contract that this phone captured and the figures leave out: refused by
 * the server, blocked behind a refusal or in conflict (the phone's figures are the
 * server's). Listed apart so the promoter sees why the debt does not include them.
 */
import { useTranslation } from 'react-i18next';
import { replicaCents } from '#domain/credit-replica';
import { Currency } from '#ui/money.tsx';
import type { PagoRow } from '#db/replica-rows';

export function NotCountedPayments({ payments }: { payments: readonly PagoRow[] }) {
  const { t } = useTranslation();
  const total = payments.reduce((sum, p) => sum + replicaCents(p.cantidad), 0);
  return (
    <p className="pago-not-counted card" role="note" data-testid="debt-not-counted">
      {t('pagos.debt.notCounted', { count: payments.length })}{' '}
      <strong data-cents={total}>
        <Currency cents={total} />
      </strong>
    </p>
  );
}
