/**
 * What the trip screen shows, computed once from the current trip: the totals of its cash
 * lines (#domain/trip-shapes) and the text shared or printed with it.
 */
import type { TFunction } from 'i18next';
import type { Lang } from '#domain/codes';
import { formatCurrency, formatDate, formatDateTime } from '#domain/format';
import {
  TRIP_CAPTURE_KINDS,
  TRIP_CAPTURE_STATES,
  handInOf,
  tripTotals,
  type HandIn,
  type TripTotals,
} from '#domain/trip-shapes';
import type { CurrentTrip, TripLine } from '#commands/viajes';

export function totalsOf(trip: CurrentTrip): TripTotals {
  return tripTotals(trip.lines);
}

/** The hand-in's label: to the office, or owed by the office to the promoter. */
export function handInLabel(handIn: HandIn): string {
  return handIn.to === 'office' ? 'viaje.net' : 'viaje.netOwed';
}

/** "Pago · crédito 136" / "Aportación · socio 1203" */
export function lineSubject(line: TripLine, t: TFunction): string {
  return line.credito !== null
    ? t('viaje.line.credito', { n: line.credito })
    : t('viaje.line.socio', { n: line.clave_socio ?? '' });
}

/** The summary as plain text (WhatsApp, clipboard), totals first, then every line. */
export function tripText(
  trip: CurrentTrip,
  totals: TripTotals,
  t: TFunction,
  lang: Lang,
  words: string,
): string {
  const out: string[] = [t('viaje.title')];
  out.push(
    trip.since
      ? t('viaje.period.since', { when: formatDateTime(trip.since, lang) })
      : t('viaje.period.empty'),
  );
  out.push('');
  out.push(`${t('viaje.cashIn')}: ${formatCurrency(totals.cashIn)}`);
  out.push(`${t('viaje.cashOut')}: ${formatCurrency(totals.cashOut)}`);
  const handIn = handInOf(totals.net);
  out.push(`${t(handInLabel(handIn))}: ${formatCurrency(handIn.cents)} (${words})`);
  out.push('');
  for (const kind of TRIP_CAPTURE_KINDS) {
    const cells = TRIP_CAPTURE_STATES.map(
      (state) =>
        `${t(`viaje.state.${state}`)} ${totals.cells[kind][state].count} · ${formatCurrency(totals.cells[kind][state].cents)}`,
    );
    out.push(`${t(`viaje.kind.${kind}`)}: ${cells.join(' | ')}`);
  }
  if (trip.lines.length > 0) out.push('');
  for (const line of trip.lines) {
    out.push(
      [
        formatDateTime(line.capturedAt, lang),
        t(`viaje.kind.${line.tipo}`),
        lineSubject(line, t),
        formatCurrency(line.monto),
        t(`viaje.state.${line.estado}`),
        line.clave.slice(-8),
      ].join(' · '),
    );
  }
  const marks = visitLines(trip, t, lang);
  if (marks.length > 0) out.push('', t('viaje.visits.title'), ...marks);
  return out.join('\n');
}

/** The trip's visit marks, one line per kind (empty when the trip marked nobody). */
export function visitLines(trip: CurrentTrip, t: TFunction, lang: Lang): string[] {
  const { ausente, promesa, visitado } = trip.visits;
  const out: string[] = [];
  if (ausente.length > 0)
    out.push(
      `${t('viaje.visits.absent', { count: ausente.length })}: ${ausente.map((m) => m.nombre).join(', ')}`,
    );
  if (promesa.length > 0)
    out.push(
      `${t('viaje.visits.promises', { count: promesa.length })}: ${promesa
        .map((m) => `${m.nombre} (${formatDate(m.fecha_promesa, lang)})`)
        .join(', ')}`,
    );
  if (visitado.length > 0) out.push(t('viaje.visits.visited', { count: visitado.length }));
  return out;
}
