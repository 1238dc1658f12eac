/**
 * "Descargar hoja de cálculo": the server builds the .xlsx of the accounting records of the
 * range (GET /registros-contables-xlsx/) and the browser saves it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAccountingRecordsXlsx } from '#api/bancos';
import { Button } from '#ui/button.tsx';
import { showError } from '#ui/error-store.ts';
import type { DateRange } from './date-range-search.tsx';

export const RECORDS_FILE = 'registros-contables.xlsx';

function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Let the browser start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

export function DownloadRecordsButton({ range }: { range: DateRange }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      save(await fetchAccountingRecordsXlsx(range), RECORDS_FILE);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button onClick={() => void download()} busy={busy} data-testid="bank-records-xlsx">
      {t('bancos.records.download')}
    </Button>
  );
}
