/**
 * The accounting records of /bancos a page at a time: the newest ones first,
 * so the screen shows records as soon as the first small page arrives, then the rest of the
 * range in large pages, handed to the table in one update once all are in (the search, sorting
 * and spreadsheet of the screen work on the whole range, as before). A new range or a reload
 * drops whatever was still loading for the old one.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  fetchAccountingRecordPage,
  type AccountingRecord,
  type AccountingRecordPage,
} from '#api/bancos';
import type { DateRange } from './date-range-search.tsx';
import { useRemote } from './use-remote.ts';

/** The first page: what a screen shows (five pages of 40 rows) while the rest loads. */
export const FIRST_RECORD_PAGE = 200;
/** The following pages: few requests, each a modest answer (the server's largest page). */
export const NEXT_RECORD_PAGE = 5000;

export interface RecordPages {
  /** The records loaded so far (the last range's while a new one loads). */
  data: readonly AccountingRecord[] | undefined;
  /** Whether `data` is the whole range. */
  complete: boolean;
  error: unknown;
  /** The first page of the current range is on its way. */
  loading: boolean;
  reload: () => void;
}

interface FirstPage {
  range: DateRange;
  page: AccountingRecordPage;
}

interface WholeRange {
  first: FirstPage;
  records: readonly AccountingRecord[];
}

export function useRecordPages(range: DateRange): RecordPages {
  const loadFirst = useCallback(
    async (signal: AbortSignal): Promise<FirstPage> => ({
      range,
      page: await fetchAccountingRecordPage(range, FIRST_RECORD_PAGE, null, { signal }),
    }),
    [range],
  );
  const first = useRemote(loadFirst);
  const [whole, setWhole] = useState<WholeRange | null>(null);
  const [restError, setRestError] = useState<{ first: FirstPage; error: unknown } | null>(null);

  // The rest of the range after its first page, the cursor and range taken from that page.
  const firstPage = first.data;
  useEffect(() => {
    if (!firstPage || firstPage.page.next === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      const records = [...firstPage.page.results];
      let next: string | null = firstPage.page.next;
      while (next !== null) {
        const page = await fetchAccountingRecordPage(firstPage.range, NEXT_RECORD_PAGE, next, {
          signal,
        });
        for (const record of page.results) records.push(record);
        next = page.next;
      }
      if (!signal.aborted) setWhole({ first: firstPage, records });
    })().catch((error: unknown) => {
      if (!signal.aborted) setRestError({ first: firstPage, error });
    });
    return () => controller.abort();
  }, [firstPage]);

  const { reload } = first;
  const retry = useCallback(() => {
    setRestError(null);
    reload();
  }, [reload]);

  const restLoaded = whole !== null && whole.first === firstPage;
  const complete = firstPage !== undefined && (firstPage.page.next === null || restLoaded);
  return {
    data: restLoaded ? whole.records : firstPage?.page.results,
    complete,
    error: first.error ?? (restError && restError.first === firstPage ? restError.error : null),
    loading: first.loading,
    reload: retry,
  };
}
