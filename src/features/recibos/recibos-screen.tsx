/**
 * /recibos: the receipts kept on this phone, newest first, each reopened
 * (also by `?numero=`, the link of lists, details and the sync center), and for the office the
 * check of a member's verification code.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import { receiptsWithState, type ReceiptState } from '#commands/receipts';
import { formatCurrency, formatDateTime } from '#domain/format';
import { OFFICE_READERS } from '#domain/roles';
import { Button } from '#ui/button.tsx';
import { useLang } from '#ui/use-lang.ts';
import { ReceiptView } from './receipt-view.tsx';
import { VerifyCode } from './verify-code.tsx';

/** A void or replaced receipt says so in the list, before anyone opens it. */
function listMark(
  t: (key: string, params?: Record<string, unknown>) => string,
  state: ReceiptState,
) {
  if (state.kind === 'replaced') return t('recibos.list.replaced', { recibo: state.by });
  if (state.kind === 'void') return t('recibos.list.void');
  return null;
}

export function RecibosScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const role = useStore(sessionStore, (s) => s.role);
  const [params, setParams] = useSearchParams();
  const receipts = useLiveQuery(receiptsWithState, []);
  const number = params.get('numero');
  const open = number ? receipts?.find((r) => r.receipt.number === number)?.receipt : undefined;
  return (
    <div className="screen recibos-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {role && OFFICE_READERS.includes(role) ? <VerifyCode /> : null}
      {open ? (
        <ReceiptView receipt={open} onDone={() => setParams({})} />
      ) : (
        <section aria-labelledby="receipts-list-title">
          <h2 id="receipts-list-title">{t('recibos.list.title')}</h2>
          {receipts && receipts.length === 0 ? <p>{t('recibos.list.empty')}</p> : null}
          <ul className="receipts-list" data-testid="receipts-list">
            {receipts?.map(({ receipt: r, state }) => {
              const mark = listMark(t, state);
              return (
                <li key={r.number} className={mark ? 'receipts-list-void' : undefined}>
                  <Button
                    variant="ghost"
                    onClick={() => setParams({ numero: r.number })}
                    aria-label={t('recibos.list.open', { recibo: r.number })}
                  >
                    {mark ? (
                      <strong className="receipts-list-mark" data-testid="receipt-list-mark">
                        {mark}
                      </strong>
                    ) : null}
                    <span className={mark ? 'receipts-list-struck' : undefined}>
                      {r.number} · {formatDateTime(r.issuedAt, lang)} · {r.member.clave}{' '}
                      {r.member.name} · {formatCurrency(r.total)}
                    </span>
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
