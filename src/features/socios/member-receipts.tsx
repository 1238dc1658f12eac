/**
 * A member's own receipts (issue 15 item 4), in its member view: the contributions,
 * withdrawals and collections in its replica that a phone gave a receipt for, newest first,
 * each with its number, verification code, date and amount — received by the office, since the
 * replica holds what the server accepted. (A member's replica has no payments: BUSINESS_RULES
 * §1 gives members no read of them.)
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { allAcopios, allMovimientos } from '#db/reads/deliveries';
import { formatDate, formatMoneyText } from '#domain/format';
import { groupedReceiptCode } from '#domain/receipts';
import { useLang } from '#ui/use-lang.ts';

interface MemberReceipt {
  number: string;
  code: string;
  date: string;
  amount: string;
  subject: 'aportacion' | 'retiro' | 'acopio';
}

async function memberReceipts(): Promise<MemberReceipt[]> {
  const [movements, collections] = await Promise.all([allMovimientos(), allAcopios()]);
  const out: MemberReceipt[] = [];
  for (const m of movements) {
    if (!m.recibo || !m.recibo_codigo) continue;
    const subject = m.aportacion ? 'aportacion' : 'retiro';
    out.push({
      number: m.recibo,
      code: m.recibo_codigo,
      date: m.fecha_entrega,
      amount: m.monto,
      subject,
    });
  }
  for (const a of collections) {
    if (!a.recibo || !a.recibo_codigo) continue;
    out.push({
      number: a.recibo,
      code: a.recibo_codigo,
      date: a.fecha,
      amount: a.ingreso,
      subject: 'acopio',
    });
  }
  return out.sort((x, y) => (x.date < y.date ? 1 : x.date > y.date ? -1 : 0));
}

export function MemberReceipts() {
  const { t } = useTranslation();
  const lang = useLang();
  const receipts = useLiveQuery(memberReceipts, []);
  if (receipts === undefined) return null;
  return (
    <section className="card member-receipts" aria-labelledby="member-receipts-title">
      <h2 id="member-receipts-title">{t('recibos.list.mine')}</h2>
      {receipts.length === 0 ? <p>{t('recibos.list.mineEmpty')}</p> : null}
      <ul data-testid="member-receipts">
        {receipts.map((r) => (
          <li key={r.number}>
            <strong>{t('recibos.title', { recibo: r.number })}</strong> ·{' '}
            {t(`recibos.subject.${r.subject}`)} · {formatDate(r.date, lang)} ·{' '}
            {formatMoneyText(r.amount)} · {t('recibos.code')}: {groupedReceiptCode(r.code)} ·{' '}
            {t('recibos.state.received')}
          </li>
        ))}
      </ul>
    </section>
  );
}
