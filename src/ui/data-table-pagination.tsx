import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '#domain/codes';

export interface PaginationBarProps {
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  rowCount: number;
  canPrevious: boolean;
  canNext: boolean;
  onPageIndex: (index: number) => void;
  onPageSize: (size: number) => void;
}

/** First/prev/next/last, "go to page", page size and "page X of Y · N rows". */
export function PaginationBar(props: PaginationBarProps) {
  const {
    pageIndex,
    pageCount,
    pageSize,
    rowCount,
    canPrevious,
    canNext,
    onPageIndex,
    onPageSize,
  } = props;
  const { t } = useTranslation();
  const goToId = useId();
  const sizeId = useId();
  const lastIndex = Math.max(pageCount - 1, 0);
  // While the user types, keep their text; a valid page number moves the table at once.
  const [draft, setDraft] = useState<string | null>(null);

  function onGoTo(event: ChangeEvent<HTMLInputElement>) {
    const text = event.target.value;
    setDraft(text);
    const page = Number(text);
    if (Number.isInteger(page) && page >= 1 && page <= Math.max(pageCount, 1)) {
      onPageIndex(page - 1);
    }
  }

  return (
    <nav className="dt-pagination" aria-label={t('ui.table.pagination')}>
      <div className="dt-pagination-buttons">
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          onClick={() => onPageIndex(0)}
          disabled={!canPrevious}
          aria-label={t('ui.table.firstPage')}
        >
          «
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          onClick={() => onPageIndex(pageIndex - 1)}
          disabled={!canPrevious}
          aria-label={t('ui.table.previousPage')}
        >
          ‹
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          onClick={() => onPageIndex(pageIndex + 1)}
          disabled={!canNext}
          aria-label={t('ui.table.nextPage')}
        >
          ›
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          onClick={() => onPageIndex(lastIndex)}
          disabled={!canNext}
          aria-label={t('ui.table.lastPage')}
        >
          »
        </button>
      </div>
      <p className="dt-page-info" aria-live="polite">
        {t('ui.table.pageOf', { page: pageCount === 0 ? 0 : pageIndex + 1, pages: pageCount })}
        {' · '}
        {t('ui.table.rowCount', { n: rowCount })}
      </p>
      <div className="dt-pagination-inputs">
        <label htmlFor={goToId}>{t('ui.table.goToPage')}</label>
        <input
          id={goToId}
          className="input dt-goto"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(pageCount, 1)}
          value={draft ?? String(pageIndex + 1)}
          onChange={onGoTo}
          onBlur={() => setDraft(null)}
        />
        <label htmlFor={sizeId}>{t('ui.table.pageSize')}</label>
        <select
          id={sizeId}
          className="input dt-size"
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('ui.table.showRows', { size })}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
