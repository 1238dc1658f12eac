/**
 * /recibos (issue 15 item 4): the receipts kept on this phone, newest first, each reopened
 * (also by `?numero=`, the link of lists, details and the sync center), and for the office the
 * check of a member's verification code.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import { allReceipts } from '#commands/receipts';
import { formatCurrency, formatDateTime } from '#domain/format';
import { OFFICE_READERS } from '#domain/roles';
import { Button } from '#ui/button.tsx';
import { useLang } from '#ui/use-lang.ts';
import { ReceiptView } from './receipt-view.tsx';
import { VerifyCode } from './verify-code.tsx';

export function RecibosScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const role = useStore(sessionStore, (s) => s.role);
  const [params, setParams] = useSearchParams();
  const receipts = useLiveQuery(allReceipts, []);
  const number = params.get('numero');
  const open = number ? receipts?.find((r) => r.number === number) : undefined;
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
            {receipts?.map((r) => (
              <li key={r.number}>
                <Button
                  variant="ghost"
                  onClick={() => setParams({ numero: r.number })}
                  aria-label={t('recibos.list.open', { recibo: r.number })}
                >
                  {r.number} · {formatDateTime(r.issuedAt, lang)} · {r.member.clave} {r.member.name}{' '}
                  · {formatCurrency(r.total)}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
