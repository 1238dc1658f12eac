/**
 * The inbox's rows: when it arrived, its kind by label, the promoter,
 * the member, the amount or kilos, the capture time and the delay, its state, and for a refusal
 * the server's reason and what followed; each row links to the record's screen. A table on a
 * desk, cards on a phone (bandeja.css).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { kindLabelKey, type InboxRow } from '#domain/field-inbox';
import { formatCurrency, formatDateTime, formatNumber } from '#domain/format';
import { parseMoney } from '#domain/money';
import { Badge } from '#ui/badge.tsx';
import { useLang } from '#ui/use-lang.ts';
import { delayParts, rowRoute } from './inbox-links.ts';

function useKindLabel() {
  const { t } = useTranslation();
  return (kind: string) =>
    t(kindLabelKey(kind), { defaultValue: t('syncCenter.unknownKind', { kind }) });
}

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * What a row says of its money: a movement's direction, a collection's kilos and income, a
 * closing's declared cash (to hand in, or owed to the promoter when negative), else the amount.
 */
export function amountText(t: T, row: InboxRow): string {
  const cents = row.monto === null ? null : parseMoney(row.monto);
  const parts: string[] = [];
  if (row.kind === 'movimiento.create' && row.aportacion !== null)
    parts.push(t(row.aportacion ? 'bandeja.amount.contribution' : 'bandeja.amount.withdrawal'));
  if (row.kilos !== null) parts.push(t('bandeja.kilos', { kilos: formatNumber(row.kilos) }));
  if (cents !== null) {
    if (row.kind !== 'viaje.close') parts.push(formatCurrency(cents));
    else if (cents < 0)
      parts.push(t('bandeja.amount.owed', { monto: formatCurrency(Math.abs(cents)) }));
    else parts.push(t('bandeja.amount.handIn', { monto: formatCurrency(cents) }));
  }
  return parts.length > 0 ? parts.join(' · ') : '—';
}

function Amount({ row }: { row: InboxRow }) {
  const { t } = useTranslation();
  return <span data-testid="inbox-amount">{amountText(t, row)}</span>;
}

function Delay({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation();
  if (minutes === null) return null;
  const parts = delayParts(minutes);
  return <span className="inbox-delay">{t(`bandeja.delay.${parts.key}`, parts)}</span>;
}

function State({ row }: { row: InboxRow }) {
  const { t } = useTranslation();
  const lang = useLang();
  const refusal = row.rechazo;
  return (
    <div className="inbox-state">
      <div className="inbox-badges">
        {row.revisado_en ? (
          <Badge tone="success">{t('bandeja.state.reviewed')}</Badge>
        ) : (
          <Badge tone="primary">{t('bandeja.state.new')}</Badge>
        )}
        {refusal ? (
          <Badge tone={refusal.desenlace === 'corrected' ? 'neutral' : 'danger'}>
            {t(
              refusal.desenlace === 'corrected'
                ? 'bandeja.state.corrected'
                : 'bandeja.state.refused',
            )}
          </Badge>
        ) : null}
        {row.reemplaza !== null ? <Badge tone="accent">{t('bandeja.replaces')}</Badge> : null}
      </div>
      {refusal ? (
        <div className="inbox-refusal" data-testid="inbox-refusal">
          <p className="inbox-reason">{refusal.motivo}</p>
          <p className="inbox-outcome" data-outcome={refusal.desenlace}>
            {t(`bandeja.outcome.${refusal.desenlace}`)}
            {refusal.motivo_descarte
              ? ` · ${t('bandeja.discardReason', { reason: refusal.motivo_descarte })}`
              : ''}
          </p>
        </div>
      ) : null}
      {row.revisado_en && row.revisado_por ? (
        <p className="inbox-muted">
          {t('bandeja.reviewedBy', {
            name: row.revisado_por,
            when: formatDateTime(row.revisado_en, lang),
          })}
        </p>
      ) : null}
    </div>
  );
}

export interface InboxTableProps {
  rows: readonly InboxRow[];
  /** Selection for "mark reviewed" (CO, GE); absent for a visitor. */
  selection?: {
    selected: ReadonlySet<number>;
    toggle: (id: number) => void;
    togglePage: () => void;
  };
}

export function InboxTable({ rows, selection }: InboxTableProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const kindLabel = useKindLabel();
  const pageSelected =
    selection !== undefined && rows.length > 0 && rows.every((r) => selection.selected.has(r.id));
  return (
    <table className="inbox-table" data-testid="inbox-table">
      <thead>
        <tr>
          {selection ? (
            <th scope="col" className="inbox-check">
              {/* The label around each box is its 44 px touch target. */}
              <label className="dt-check">
                <input
                  type="checkbox"
                  aria-label={t('bandeja.col.selectAll')}
                  checked={pageSelected}
                  onChange={selection.togglePage}
                />
              </label>
            </th>
          ) : null}
          <th scope="col">{t('bandeja.col.received')}</th>
          <th scope="col">{t('bandeja.col.kind')}</th>
          <th scope="col">{t('bandeja.col.member')}</th>
          <th scope="col" className="inbox-end">
            {t('bandeja.col.amount')}
          </th>
          <th scope="col">{t('bandeja.col.captured')}</th>
          <th scope="col">{t('bandeja.col.state')}</th>
          <th scope="col">
            <span className="sr-only">{t('bandeja.col.open')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const route = rowRoute(row);
          const label = kindLabel(row.kind);
          return (
            <tr key={row.id} data-testid="inbox-row" data-kind={row.kind} data-status={row.status}>
              {selection ? (
                <td className="inbox-check">
                  <label className="dt-check">
                    <input
                      type="checkbox"
                      aria-label={t('bandeja.col.select', {
                        item: `${label} ${row.nombre_socio ?? ''}`.trim(),
                      })}
                      checked={selection.selected.has(row.id)}
                      onChange={() => selection.toggle(row.id)}
                    />
                  </label>
                </td>
              ) : null}
              <td data-label={t('bandeja.col.received')}>
                {formatDateTime(row.recibido_en, lang)}
              </td>
              <td data-label={t('bandeja.col.kind')}>
                <strong className="inbox-kind">{label}</strong>
                <span className="inbox-muted inbox-promoter">{row.promotor}</span>
              </td>
              <td data-label={t('bandeja.col.member')}>
                {row.clave_socio !== null ? (
                  <>
                    {row.nombre_socio ?? ''} <span className="inbox-muted">#{row.clave_socio}</span>
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td data-label={t('bandeja.col.amount')} className="inbox-end inbox-amount">
                <Amount row={row} />
              </td>
              <td data-label={t('bandeja.col.captured')}>
                {row.capturado_en ? formatDateTime(row.capturado_en, lang) : '—'}
                <br />
                <Delay minutes={row.retraso_min} />
              </td>
              <td data-label={t('bandeja.col.state')}>
                <State row={row} />
              </td>
              <td className="inbox-open">
                {route ? (
                  <Link to={route} data-testid="inbox-open">
                    {row.rechazo?.reemplazo ? t('bandeja.replacedBy') : t('bandeja.col.open')}
                  </Link>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
