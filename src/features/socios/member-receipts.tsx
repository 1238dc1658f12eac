/**
 * A member's own receipts, in its member view: every payment of its loans,
 * contribution, withdrawal and collection a phone gave it a receipt for, newest first, each
 * opening the receipt itself in the app's receipt sheet (large type, share, print). A member's replica holds no payments
 * (docs/business-rules.md#roles-and-scope), so the list is the server's answer (GET
 * /api/recibos/mios/), asked on opening while online and kept on the phone (`meta`) to read offline
 * later. These records are the office's, so each receipt reads "received".
 */
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { fetchMemberReceipts } from '#api/recibos';
import { getDb } from '#db/database';
import { formatDate, formatMoneyText } from '#domain/format';
import {
  groupedReceiptCode,
  memberReceiptsSchema,
  receiptOfMemberRecord,
  type MemberReceipt,
} from '#domain/receipts';
import { Button } from '#ui/button.tsx';
import { showReceipt } from '#ui/receipt-store.ts';
import { useLang } from '#ui/use-lang.ts';
import { useOnline } from '#ui/use-online.ts';

const META_KEY = 'member-receipts';

/** The last answer kept on the phone (null: none yet). */
async function keptReceipts(): Promise<MemberReceipt[] | null> {
  const row = await getDb().meta.get(META_KEY);
  const parsed = memberReceiptsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

function subjectKey(r: MemberReceipt): string {
  if (r.tipo === 'movimiento') return r.aportacion === false ? 'retiro' : 'aportacion';
  return r.tipo;
}

export function MemberReceipts() {
  const { t } = useTranslation();
  const lang = useLang();
  const online = useOnline();
  const receipts = useLiveQuery(keptReceipts, []);

  useEffect(() => {
    if (!online) return;
    let stale = false;
    fetchMemberReceipts().then(
      async (answer) => {
        if (!stale) await getDb().meta.put({ key: META_KEY, value: answer });
      },
      // Offline or refused: what the phone kept still shows.
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [online]);

  if (receipts === undefined) return null;
  return (
    <section className="card member-receipts" aria-labelledby="member-receipts-title">
      <h2 id="member-receipts-title">{t('recibos.list.mine')}</h2>
      {receipts === null ? <p>{t('recibos.list.mineNotYet')}</p> : null}
      {receipts?.length === 0 ? <p>{t('recibos.list.mineEmpty')}</p> : null}
      <ul className="receipts-list" data-testid="member-receipts">
        {receipts?.map((r) => (
          <li key={r.recibo}>
            <Button
              variant="ghost"
              onClick={() => showReceipt(receiptOfMemberRecord(r), { received: true })}
            >
              {t('recibos.title', { recibo: r.recibo })} · {t(`recibos.subject.${subjectKey(r)}`)}
              {r.credito !== null ? ` · ${t('recibos.credit', { credito: r.credito })}` : ''} ·{' '}
              {formatDate(r.fecha, lang)} · {formatMoneyText(r.total)} · {t('recibos.code')}:{' '}
              {groupedReceiptCode(r.recibo_codigo)}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
