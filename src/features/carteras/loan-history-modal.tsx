/**
 * A loan of the portfolio opened from its table: a modal titled with the credit number showing
 * its payment history, read from the replica oldest first —
 * payments captured on this phone and not sent yet included, with their badge.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import { replicaCents, sortPaymentRows, type PaymentReplicaRow } from '#domain/credit-replica';
import { Badge } from '#ui/badge.tsx';
import { Button } from '#ui/button.tsx';
import { DateText } from '#ui/date-text.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { Modal } from '#ui/modal.tsx';
import { Currency } from '#ui/money.tsx';

export interface LoanHistoryModalProps {
  credito: number;
  /** Every payment of the replica (the modal keeps this loan's). */
  payments: readonly PaymentReplicaRow[];
  onClose: () => void;
}

export function LoanHistoryModal({ credito, payments, onClose }: LoanHistoryModalProps) {
  const { t } = useTranslation();
  const history = useMemo(
    () => sortPaymentRows(payments.filter((p) => p.credito === credito)),
    [payments, credito],
  );
  return (
    <Modal
      open
      size="lg"
      title={t('carteras.history.title', { id: credito })}
      onClose={onClose}
      footer={
        <Button variant="ghost" onClick={onClose}>
          {t('carteras.history.close')}
        </Button>
      }
    >
      {history.length === 0 ? (
        <EmptyState title={t('carteras.history.empty')} />
      ) : (
        <div className="dt-scroll">
          <table className="dt-table cartera-history" data-testid="cartera-history">
            <caption className="sr-only">{t('carteras.history.caption', { id: credito })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('carteras.history.id')}</th>
                <th scope="col">{t('carteras.history.fecha_pago')}</th>
                <th scope="col">{t('carteras.history.cantidad')}</th>
                <th scope="col">{t('carteras.history.abono_capital')}</th>
                <th scope="col">{t('carteras.history.interes_ord')}</th>
                <th scope="col">{t('carteras.history.interes_mor')}</th>
                <th scope="col">{t('carteras.history.estatus_previo')}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((p) => (
                <tr key={String(p.id)}>
                  <td className="num">
                    {typeof p.id === 'number' ? (
                      p.id
                    ) : (
                      <Badge tone="warning">{t('carteras.history.pending')}</Badge>
                    )}
                  </td>
                  <td>
                    <DateText iso={p.fecha_pago} />
                  </td>
                  <td className="num">
                    <Currency cents={replicaCents(p.cantidad)} />
                  </td>
                  <td className="num">
                    <Currency cents={replicaCents(p.abono_capital)} />
                  </td>
                  <td className="num">
                    <Currency cents={replicaCents(p.interes_ord)} />
                  </td>
                  <td className="num">
                    <Currency cents={replicaCents(p.interes_mor)} />
                  </td>
                  <td>{t(codeLabelKey('contractStatuses', p.estatus_previo))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
