/**
 * The community visit (/visita, docs/community-visit.md): the promoter chooses the day's
 * communities and gets, member after member, what each owes today and this month, its days
 * overdue, savings, last collections, open requests and what the server refused — read from
 * the phone's replica, so it works without signal — and captures from the row. The choice,
 * the search and the order live in the address, so a capture form opened from a row comes
 * back to the same sheet.
 */
import {
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import { can } from '#domain/permissions';
import { searchKey, sortVisitSheet, VISIT_SORTS, type VisitSort } from '#domain/visit-sheet';
import { isOneOf } from '#domain/guards';
import { EmptyState } from '#ui/empty-state.tsx';
import { withReturn } from '#ui/return-to.ts';
import { Spinner } from '#ui/spinner.tsx';
import { useLang } from '#ui/use-lang.ts';
import { CommunityChooser } from './community-chooser.tsx';
import { DaySheet } from './day-sheet.tsx';
import { MemberRow, type RowCaptures } from './member-row.tsx';
import { rowText } from './row-text.ts';
import { VisitSummaryPanel } from './visit-summary-panel.tsx';
import { useVisitCommunities, useVisitMembers, visitToday } from './use-visit-data.ts';
import './visita.css';

function idsOf(param: string | null): number[] {
  return (param ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** Cards drawn at once: more than a phone's or a wide screen's first screenful holds. */
export const FIRST_ROWS = 8;
/** Cards added per step after that, each step after the previous one has been painted. */
export const MORE_ROWS = 12;

/**
 * How many of `total` rows to draw: the first screenful at once, then the rest a step at a
 * time, each step after a paint and as a transition (typing in the search interrupts it), so a
 * hundred cards never hold the first screen back on a slow phone. Starts again at the first
 * screenful when `restart` changes (other communities, search or order).
 */
function useRowsDrawn(total: number, restart: string): number {
  const [drawn, setDrawn] = useState({ restart, count: FIRST_ROWS });
  const count = drawn.restart === restart ? drawn.count : FIRST_ROWS;
  if (drawn.restart !== restart) setDrawn({ restart, count: FIRST_ROWS });
  useEffect(() => {
    if (count >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grow = () =>
      startTransition(() =>
        setDrawn((d) => (d.restart === restart ? { restart, count: d.count + MORE_ROWS } : d)),
      );
    // After the next paint: an animation frame, then a task (a hidden page has no frames).
    const frame = document.hidden
      ? undefined
      : requestAnimationFrame(() => {
          timer = setTimeout(grow, 0);
        });
    if (frame === undefined) timer = setTimeout(grow, 0);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, total, restart]);
  return Math.min(count, total);
}

export function VisitaScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const text = useMemo(() => rowText(t, lang), [t, lang]);
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const role = useStore(sessionStore, (s) => s.role);
  const today = visitToday();
  const chosen = useMemo(() => idsOf(params.get('c')), [params]);
  const query = params.get('q') ?? '';
  const orderParam = params.get('orden');
  const order: VisitSort = isOneOf(VISIT_SORTS, orderParam) ? orderParam : 'nombre';
  const communities = useVisitCommunities();
  const sheet = useVisitMembers(chosen, today);
  const deferredQuery = useDeferredValue(query);

  const setParam = useCallback(
    (name: string, value: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === '') next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const here = `${location.pathname}${location.search}`;
  // Read when a row's button is pressed: the rows need not re-render when the address changes.
  const hereRef = useRef(here);
  useEffect(() => {
    hereRef.current = here;
  }, [here]);
  const onOpen = useCallback(
    (path: string) => navigate(withReturn(path, hereRef.current)),
    [navigate],
  );
  const captures = useMemo<RowCaptures>(
    () => ({
      pago: can(role, 'pagos', 'create'),
      aportacion: can(role, 'movimientos', 'contribute'),
      acopio: can(role, 'acopios', 'create'),
      marca: can(role, 'visitas', 'create'),
    }),
    [role],
  );

  const current = sheet?.key === chosen.join(',') ? sheet : undefined;
  const members = current?.members;
  const shown = useMemo(() => {
    if (!members) return [];
    const needle = searchKey(deferredQuery);
    const found = needle === '' ? members : members.filter((m) => m.search.includes(needle));
    return sortVisitSheet(found, order);
  }, [members, deferredQuery, order]);

  const drawn = useRowsDrawn(shown.length, `${chosen.join(',')}|${deferredQuery}|${order}`);
  const rows = drawn < shown.length ? shown.slice(0, drawn) : shown;

  const chosenNames = useMemo(
    () =>
      (communities ?? []).flatMap((c) =>
        typeof c.id === 'number' && chosen.includes(c.id) ? [c.nombre_de_comunidad] : [],
      ),
    [communities, chosen],
  );

  return (
    <section className="screen visit-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {communities === undefined ? (
        <Spinner />
      ) : (
        <CommunityChooser
          communities={communities}
          chosen={chosen}
          onChange={(ids) => setParam('c', ids.join(','))}
        />
      )}
      {chosen.length > 0 ? (
        <div className="visit-toolbar">
          <label className="visit-search">
            <span className="sr-only">{t('visita.search')}</span>
            <input
              type="search"
              value={query}
              placeholder={t('visita.search')}
              onChange={(e) => setParam('q', e.target.value)}
              data-testid="visit-search"
            />
          </label>
          <label className="visit-order">
            {t('visita.order.label')}{' '}
            <select
              value={order}
              onChange={(e) => setParam('orden', e.target.value)}
              data-testid="visit-order"
            >
              {VISIT_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`visita.order.${s}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      {chosen.length === 0 ? null : members === undefined ? (
        <Spinner />
      ) : shown.length === 0 ? (
        <EmptyState title={t('visita.noMembers')} />
      ) : (
        <>
          {current ? <VisitSummaryPanel summary={current.summary} /> : null}
          <DaySheet members={shown} communities={chosenNames} today={today} />
          <p className="visit-count" data-testid="visit-count">
            {t('visita.count', { count: shown.length })}
          </p>
          <ul
            className="visit-members"
            data-testid="visit-members"
            aria-busy={drawn < shown.length}
          >
            {rows.map((m) => (
              <MemberRow
                key={m.clave}
                member={m}
                today={today}
                showCommunity={chosen.length > 1}
                captures={captures}
                onOpen={onOpen}
                text={text}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
