/**
 * Trip closings for the office (/cierres-viaje, CO, GE, VI): each field
 * user's closings — when, the cash declared on the phone, what the server received of the
 * captures the closing names, and the difference highlighted — to match with the bank
 * deposits. Live from the server, so online only.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatCurrency, formatDateTime, formatMoneyText } from '#domain/format';
import type { TripClosingAnswer } from '#domain/trip-shapes';
import { fetchTripClosings } from '#api/cierres-viaje';
import { isNetworkError } from '#api/errors';
import { Button } from '#ui/button.tsx';
import { DataTable } from '#ui/data-table.tsx';
import { ExportXlsxButton } from '#ui/export-xlsx-button.tsx';
import { createColumns } from '#ui/data-table-features.ts';
import { Spinner } from '#ui/spinner.tsx';
import { useLang } from '#ui/use-lang.ts';
import { useOnline } from '#ui/use-online.ts';
import { CIERRE_EXPORT, CIERRE_SHEET, cierreExportRow } from './cierres-export.ts';
import { closingRow, type ClosingRow } from './closing-figures.ts';
import './cierres-viaje.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; rows: ClosingRow[] }
  | { state: 'failed'; offline: boolean };

const col = createColumns<ClosingRow>();
const END = { align: 'end' } as const;

function Difference({ cents }: { cents: number }) {
  const { t } = useTranslation();
  if (cents === 0)
    return <span className="closing-diff closing-diff-none">{formatCurrency(0)}</span>;
  return (
    <strong className="closing-diff closing-diff-open" data-testid="closing-difference">
      {formatCurrency(cents)}
      <span className="closing-diff-label">
        {' '}
        {cents > 0 ? t('cierresViaje.missing') : t('cierresViaje.extra')}
      </span>
    </strong>
  );
}

/** The corrections a closing counts, each under the capture it corrects. */
function Corrections({ closing, open }: { closing: TripClosingAnswer; open: boolean }) {
  const { t } = useTranslation();
  const lines = closing.lineas.filter((l) => l.correcciones.length > 0);
  const total = lines.reduce((n, l) => n + l.correcciones.length, 0);
  if (total === 0) return null;
  const amount = (text: string | null) => (text === null ? '—' : formatMoneyText(text));
  return (
    <details className="closing-corrections" data-testid="closing-corrections" open={open}>
      <summary>{t('cierresViaje.corrections', { count: total })}</summary>
      <ul>
        {lines.map((line) => (
          <li key={line.clave}>
            <span className="closing-correction-of">
              {t('cierresViaje.correction.of', {
                monto: formatMoneyText(line.monto),
                estado: t(`viaje.state.${line.estado}`),
              })}
            </span>
            <ul>
              {line.correcciones.map((c) => (
                <li
                  key={c.clave}
                  className={c.aceptada ? 'closing-correction-ok' : 'closing-correction-refused'}
                >
                  {c.aceptada
                    ? t('cierresViaje.correction.accepted', { monto: amount(c.monto) })
                    : t('cierresViaje.correction.refused', { monto: amount(c.monto) })}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The columns; `openCorrections` unfolds each closing's corrections (one closing opened). */
function useColumns(openCorrections: boolean) {
  const { t } = useTranslation();
  const lang = useLang();
  return useMemo(
    () =>
      col.columns([
        col.accessor((r) => r.closing.cerrado_en, {
          id: 'cerrado_en',
          header: t('cierresViaje.period'),
          cell: (c) => {
            const { desde, cerrado_en } = c.row.original.closing;
            return (
              <span className="closing-period">
                {desde ? (
                  <span className="closing-since">{formatDateTime(desde, lang)} –</span>
                ) : null}
                <strong>{formatDateTime(cerrado_en, lang)}</strong>
              </span>
            );
          },
        }),
        col.accessor((r) => r.closing.nombre_promotor, {
          id: 'promotor',
          header: t('cierresViaje.promoter'),
        }),
        col.accessor((r) => r.declaredIn, {
          id: 'declared_in',
          header: t('cierresViaje.declaredIn'),
          cell: (c) => formatCurrency(c.getValue()),
          meta: END,
        }),
        col.accessor((r) => r.receivedIn, {
          id: 'received_in',
          header: t('cierresViaje.receivedIn'),
          cell: (c) => formatCurrency(c.getValue()),
          meta: END,
        }),
        col.accessor((r) => r.difference, {
          id: 'difference',
          header: t('cierresViaje.difference'),
          cell: (c) => <Difference cents={c.getValue()} />,
          meta: END,
        }),
        col.accessor((r) => r.declaredOut - r.receivedOut, {
          id: 'paid_out',
          header: t('cierresViaje.paidOut'),
          cell: (c) =>
            `${formatCurrency(c.row.original.declaredOut)} / ${formatCurrency(c.row.original.receivedOut)}`,
          meta: END,
        }),
        col.accessor((r) => `${r.closing.capturas_recibidas} / ${r.closing.capturas}`, {
          id: 'capturas',
          header: t('cierresViaje.captures'),
          cell: (c) => (
            <>
              <span>{c.getValue()}</span>
              <Corrections closing={c.row.original.closing} open={openCorrections} />
            </>
          ),
          meta: END,
        }),
      ]),
    [t, lang, openCorrections],
  );
}

export function CierresViajeScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  // `?abrir=<id>`: the one closing the field inbox's "Abrir" points at, corrections unfolded.
  const [params, setParams] = useSearchParams();
  const opened = params.get('abrir');
  const columns = useColumns(opened !== null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchNow = useCallback(() => {
    fetchTripClosings()
      .then((closings) => setLoad({ state: 'ready', rows: closings.map(closingRow) }))
      .catch((error: unknown) => setLoad({ state: 'failed', offline: isNetworkError(error) }));
  }, []);

  useEffect(() => {
    if (online) fetchNow();
  }, [online, fetchNow]);

  const shownRows =
    load.state !== 'ready'
      ? null
      : opened === null
        ? load.rows
        : load.rows.filter((r) => String(r.closing.id) === opened);

  let body;
  if (!online) body = <p className="closings-empty">{t('cierresViaje.offline')}</p>;
  else if (load.state === 'loading') body = <Spinner />;
  else if (load.state === 'failed')
    body = (
      <p className="closings-empty" role="alert">
        {load.offline ? t('cierresViaje.offline') : t('cierresViaje.failed')}
      </p>
    );
  else
    body = (
      <DataTable
        id="trip-closings"
        data={shownRows ?? []}
        columns={columns}
        getRowId={(r) => String(r.closing.id)}
        caption={t(titleKey)}
        emptyText={opened === null ? t('cierresViaje.empty') : t('cierresViaje.openedMissing')}
        initialSorting={[{ id: 'cerrado_en', desc: true }]}
      />
    );

  return (
    <section className="screen closings-screen" data-testid="trip-closings">
      <div className="closings-head">
        <h1 className="screen-title">{t(titleKey)}</h1>
        <Button
          variant="ghost"
          onClick={() => {
            setLoad({ state: 'loading' });
            fetchNow();
          }}
          disabled={!online || load.state === 'loading'}
        >
          {t('cierresViaje.refresh')}
        </Button>
        {shownRows && shownRows.length > 0 ? (
          <ExportXlsxButton
            testId="cierres-export"
            file={() => ({
              filename: CIERRE_EXPORT.file,
              spec: CIERRE_SHEET,
              // Newest closing first, as the table opens.
              rows: [...shownRows]
                .sort((a, b) => (a.closing.cerrado_en < b.closing.cerrado_en ? 1 : -1))
                .map(cierreExportRow),
            })}
          />
        ) : null}
      </div>
      <p className="closings-intro">{t('cierresViaje.intro')}</p>
      {opened !== null ? (
        <p className="closings-opened" data-testid="closing-opened">
          {t('cierresViaje.openedOnly')}{' '}
          <Button
            variant="ghost"
            onClick={() => {
              const next = new URLSearchParams(params);
              next.delete('abrir');
              setParams(next);
            }}
          >
            {t('cierresViaje.showAll')}
          </Button>
        </p>
      ) : null}
      {body}
    </section>
  );
}
