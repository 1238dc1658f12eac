/**
 * The trip's cash (/viaje): what this phone captured since its last trip
 * closing — cash received (payments, cash contributions) and paid out (cash withdrawals), per
 * kind and per state of its write, every capture listed below — printable (A4 or an 80 mm
 * receipt printer) and shareable as text; "Cerrar viaje" queues the closing like any capture.
 * Read from the outbox, so it works offline.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '#domain/format';
import { handInOf } from '#domain/trip-shapes';
import { enqueue } from '#commands/outbox';
import { closingPayload, currentTrip, tripStateOf } from '#commands/viajes';
import { useAmountInWords } from '#components/amount-in-words.tsx';
import { Button } from '#ui/button.tsx';
import { ShareTextButton } from '#ui/share-text.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { useLang } from '#ui/use-lang.ts';
import { CloseTripDialog } from './close-trip-dialog.tsx';
import { LastClosingReceived } from './last-closing.tsx';
import { totalsOf, tripText, visitLines } from './trip-figures.ts';
import { TripLines } from './trip-lines.tsx';
import { TripHeadline, TripTotalsTable } from './trip-totals.tsx';
import './viaje.css';

/** The visits' marks of this trip (docs/community-visit.md#the-visits-summary). */
function TripVisits({ lines }: { lines: string[] }) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  return (
    <section className="trip-visits" data-testid="trip-visits" aria-labelledby="trip-visits-title">
      <h2 id="trip-visits-title">{t('viaje.visits.title')}</h2>
      {lines.map((line) => (
        <p key={line} className="trip-visits-line">
          {line}
        </p>
      ))}
    </section>
  );
}

export function ViajeScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const words = useAmountInWords();
  const trip = useLiveQuery(() => currentTrip(), []);
  const totals = useMemo(() => (trip ? totalsOf(trip) : null), [trip]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [closed, setClosed] = useState(false);

  if (!trip || !totals) return <Spinner />;

  const close = () => {
    setBusy(true);
    void enqueue('viaje.close', closingPayload(trip, totals.declared))
      .then(() => {
        setClosed(true);
        setConfirming(false);
      })
      .finally(() => setBusy(false));
  };

  const last = trip.lastClosing;
  const lastState = last ? tripStateOf(last.status) : null;
  return (
    <section className="screen trip-screen">
      <div className="trip-print print-alone">
        <h1 className="screen-title">{t(titleKey)}</h1>
        <p className="trip-period" data-testid="trip-period">
          {trip.since
            ? t('viaje.period.since', { when: formatDateTime(trip.since, lang) })
            : t('viaje.period.empty')}
        </p>
        {last && lastState ? (
          <p className="trip-last" data-testid="trip-last-closing">
            {t('viaje.lastClosing', { when: formatDateTime(last.capturedAt, lang) })}{' '}
            <span className={`trip-badge trip-badge-${lastState}`}>
              {t(`viaje.closingState.${lastState}`)}
            </span>
          </p>
        ) : null}
        {last ? <LastClosingReceived last={last} /> : null}
        <TripHeadline totals={totals} />
        <TripTotalsTable totals={totals} />
        <TripLines trip={trip} />
        <TripVisits lines={visitLines(trip, t, lang)} />
      </div>
      {closed ? (
        <p role="status" className="trip-closed" data-testid="trip-closed">
          {t('viaje.close.done')}
        </p>
      ) : null}
      <div className="trip-actions">
        <ShareTextButton
          title={t('viaje.title')}
          text={tripText(trip, totals, t, lang, words(handInOf(totals.net).cents))}
          testId="trip-share"
        />
        <Button onClick={() => window.print()} data-testid="trip-print">
          {t('viaje.print')}
        </Button>
        <Button
          variant="primary"
          onClick={() => setConfirming(true)}
          disabled={!trip.lines.some((l) => l.estado !== 'rechazado')}
          data-testid="trip-close"
        >
          {t('viaje.close.button')}
        </Button>
        <Link to="/sincronizacion" className="trip-link">
          {t('viaje.toSyncCenter')}
        </Link>
      </div>
      <CloseTripDialog
        open={confirming}
        trip={trip}
        totals={totals}
        busy={busy}
        onConfirm={close}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
