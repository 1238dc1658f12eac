/**
 * What the office received of the phone's last closing, once the closing has reached it: the
 * cash declared to hand in, the cash the server's records back (corrections included, see
 * docs/trip-reconciliation.md) and the difference. First the closing's own answer, then —
 * online — the server's figures of now (a correction accepted after the closing changes them).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime } from '#domain/format';
import { closingFigures, type TripClosingAnswer } from '#domain/trip-shapes';
import { fetchOwnTripClosings } from '#api/cierres-viaje';
import type { OutboxRowOf } from '#commands/command-map';
import { useLang } from '#ui/use-lang.ts';
import { useOnline } from '#ui/use-online.ts';

interface Fresh {
  closing: TripClosingAnswer;
  at: string;
}

export function LastClosingReceived({ last }: { last: OutboxRowOf<'viaje.close'> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const online = useOnline();
  const answered = last.status === 'done' ? last.result : null;
  const id = answered?.id ?? null;
  const [fresh, setFresh] = useState<Fresh | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!online || id === null) return;
    let live = true;
    fetchOwnTripClosings()
      .then((closings) => {
        const found = closings.find((c) => c.id === id);
        if (live && found) setFresh({ closing: found, at: new Date().toISOString() });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [online, id]);

  if (!answered) {
    return (
      <p className="trip-office trip-office-waiting" data-testid="trip-office">
        {t('viaje.office.unsynced')}
      </p>
    );
  }
  const closing = fresh?.closing ?? answered;
  const f = closingFigures(closing);
  const declared = f.declaredIn - f.declaredOut;
  const received = f.receivedIn - f.receivedOut;
  const label =
    f.difference === 0
      ? t('viaje.office.none')
      : f.difference > 0
        ? t('viaje.office.missing')
        : t('viaje.office.extra');
  return (
    <section className="trip-office" data-testid="trip-office" aria-labelledby="trip-office-title">
      <h2 id="trip-office-title" className="trip-subtitle">
        {t('viaje.office.title')}
      </h2>
      <dl className="trip-office-figures">
        <div>
          <dt>{t('viaje.office.declared')}</dt>
          <dd data-testid="trip-office-declared">{formatCurrency(declared)}</dd>
        </div>
        <div>
          <dt>{t('viaje.office.received')}</dt>
          <dd data-testid="trip-office-received">{formatCurrency(received)}</dd>
        </div>
        <div className={f.difference === 0 ? 'trip-office-even' : 'trip-office-open'}>
          <dt>{t('viaje.office.difference')}</dt>
          <dd data-testid="trip-office-difference">
            {formatCurrency(Math.abs(f.difference))} {label}
          </dd>
        </div>
      </dl>
      {f.corrections > 0 ? (
        <p className="trip-note">{t('viaje.office.corrections', { count: f.corrections })}</p>
      ) : null}
      <p className="trip-note">
        {fresh
          ? t('viaje.office.asOf', { when: formatDateTime(fresh.at, lang) })
          : failed
            ? t('viaje.office.failed')
            : t('viaje.office.asOf', { when: formatDateTime(closing.recibido_en, lang) })}
      </p>
    </section>
  );
}
