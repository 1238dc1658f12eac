/**
 * /traducciones: every interface string grouped by area with each area's
 * progress, filters (pending / draft / approved, area) and a search in Spanish, English or
 * Tseltal; each row shows the key, the Spanish source, the English, the current Tseltal and
 * its state, and opens the editor inline. About 1,600 strings: filtered in memory and shown a
 * page at a time (the tables' pagination bar), so typing in the search stays instant.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { can } from '#domain/permissions';
import { mayApproveDraft } from '#domain/translations';
import { Badge, type BadgeTone } from '#ui/badge.tsx';
import { Button } from '#ui/button.tsx';
import { PaginationBar } from '#ui/data-table-pagination.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { setContextTranslation } from '#i18n/context-mode';
import { approveDraft, TranslationEditor } from './translation-editor.tsx';
import {
  filterItems,
  progressByArea,
  STATE_FILTERS,
  type StateFilter,
} from './translation-list.ts';
import { TranslationSheets } from './translation-sheets.tsx';
import { TranslatorsPanel } from './translators-panel.tsx';
import {
  useTraduccionesData,
  useTranslatorUser,
  type TranslationItem,
} from './use-traducciones-data.ts';
import './traducciones.css';

const STATE_TONE: Record<TranslationItem['state'], BadgeTone> = {
  pending: 'neutral',
  draft: 'warning',
  approved: 'success',
};

function isStateFilter(value: string): value is StateFilter {
  return STATE_FILTERS.some((f) => f === value);
}

function TranslationRowView({
  item,
  editing,
  onEdit,
}: {
  item: TranslationItem;
  editing: boolean;
  onEdit: (key: string | null) => void;
}) {
  const { t } = useTranslation();
  const user = useTranslatorUser();
  return (
    <li className="translation-row" data-testid="translation-row" data-key={item.key}>
      <div className="translation-head">
        <code className="translation-key">{item.key}</code>
        <Badge tone={STATE_TONE[item.state]}>{t(`traducciones.states.${item.state}`)}</Badge>
        {item.waiting ? <Badge tone="warning">{t('traducciones.waiting')}</Badge> : null}
        {item.attention ? <Badge tone="danger">{t('traducciones.attention')}</Badge> : null}
      </div>
      <dl className="translation-texts">
        <dt>{t('traducciones.fields.es')}</dt>
        <dd>{item.es}</dd>
        <dt>{t('traducciones.fields.en')}</dt>
        <dd>{item.en}</dd>
        <dt>{t('traducciones.fields.tz')}</dt>
        <dd>{item.approved ?? '—'}</dd>
        {item.draft !== null ? (
          <>
            <dt>{t('traducciones.fields.draft')}</dt>
            <dd>
              {item.draft}
              {item.row?.autor_borrador ? ` (${item.row.autor_borrador})` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {editing ? (
        <TranslationEditor item={item} onDone={() => onEdit(null)} />
      ) : (
        <div className="translation-actions">
          <Button onClick={() => onEdit(item.key)}>{t('traducciones.actions.edit')}</Button>
          {item.row && mayApproveDraft(user, item.row) ? (
            <Button onClick={() => void approveDraft(item)}>
              {t('traducciones.actions.approve')}
            </Button>
          ) : null}
        </div>
      )}
    </li>
  );
}

export function TraduccionesScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const { items, failed } = useTraduccionesData();
  const actor = useTranslatorUser();
  const [params] = useSearchParams();
  const [query, setQuery] = useState(params.get('clave') ?? '');
  const [state, setState] = useState<StateFilter>('all');
  const [area, setArea] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<string | null>(null);
  const search = useDeferredValue(query);

  const progress = useMemo(() => progressByArea(items ?? []), [items]);
  const shown = useMemo(
    () => filterItems(items ?? [], { state, area, query: search }),
    [items, state, area, search],
  );
  const pageCount = Math.max(1, Math.ceil(shown.length / pageSize));
  const page = Math.min(pageIndex, pageCount - 1);
  const rows = shown.slice(page * pageSize, (page + 1) * pageSize);

  if (failed) return <p role="alert">{t('traducciones.catalogueFailed')}</p>;
  if (!items) return <Spinner />;
  return (
    <section className="screen traducciones-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <div className="translation-toolbar">
        <Button onClick={() => setContextTranslation(true)} data-testid="context-translate">
          {t('traducciones.context.start')}
        </Button>
        <TranslationSheets />
      </div>
      {can(actor.role, 'usuarios', 'update') ? <TranslatorsPanel /> : null}
      <details className="translation-progress">
        <summary>{t('traducciones.progress')}</summary>
        <ul>
          {progress.map((p) => (
            <li key={p.area}>
              <button
                type="button"
                className={`translation-area${area === p.area ? ' is-active' : ''}`}
                aria-pressed={area === p.area}
                onClick={() => {
                  setArea(area === p.area ? '' : p.area);
                  setPageIndex(0);
                }}
              >
                <span>{p.area}</span>
                <progress max={p.total} value={p.approved} />
                <span>{t('traducciones.areaCount', { approved: p.approved, total: p.total })}</span>
              </button>
            </li>
          ))}
        </ul>
      </details>
      <div className="translation-filters">
        <label>
          {t('traducciones.search')}
          <input
            type="search"
            className="input"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setPageIndex(0);
            }}
          />
        </label>
        <label>
          {t('traducciones.stateFilter')}
          <select
            className="input select"
            value={state}
            onChange={(event) => {
              if (isStateFilter(event.target.value)) setState(event.target.value);
              setPageIndex(0);
            }}
          >
            {STATE_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`traducciones.filters.${f}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="translation-count" data-testid="translation-count">
        {t('traducciones.shownCount', { count: shown.length, total: items.length })}
      </p>
      <ul className="translation-list">
        {rows.map((item) => (
          <TranslationRowView
            key={item.key}
            item={item}
            editing={editing === item.key}
            onEdit={setEditing}
          />
        ))}
      </ul>
      <PaginationBar
        pageIndex={page}
        pageCount={pageCount}
        pageSize={pageSize}
        rowCount={shown.length}
        canPrevious={page > 0}
        canNext={page < pageCount - 1}
        onPageIndex={setPageIndex}
        onPageSize={(size) => {
          setPageSize(size);
          setPageIndex(0);
        }}
      />
    </section>
  );
}
