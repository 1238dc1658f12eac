/**
 * "Descargar hoja de cálculo": the server builds the .xlsx of the accounting records of the
 * range (GET /registros-contables-xlsx/) and the browser saves it.
 */
import { useTranslation } from 'react-i18next';
import { fetchAccountingRecordsXlsx } from '#api/bancos';
import { Button } from '#ui/button.tsx';
import { DownloadStatus, useFileDownload } from '#ui/file-download.tsx';
import { saveBlob } from '#ui/save-blob.ts';
import type { DateRange } from './date-range-search.tsx';

export const RECORDS_FILE = 'registros-contables.xlsx';

export function DownloadRecordsButton({ range }: { range: DateRange }) {
  const { t } = useTranslation();
  const {
    busy,
    progress,
    run: download,
  } = useFileDownload(async (onProgress) => {
    saveBlob(await fetchAccountingRecordsXlsx(range, { onProgress }), RECORDS_FILE);
  });
  return (
    <>
      <Button onClick={download} busy={busy} data-testid="bank-records-xlsx">
        {t('bancos.records.download')}
      </Button>
      <DownloadStatus progress={progress} />
    </>
  );
}
