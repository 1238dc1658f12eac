/**
 * The privileged "Exportar a Excel" of the credits list: a region (ALL or 1 to
 * 10, each shown by its name as the tables show it) and the server's spreadsheet GET /contratosXLSX/ for it, following the with-debt / all
 * toggle. The office's file comes from the server, so it needs a connection: offline the
 * button waits and says so.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import { allRegions } from '#db/reads/places';
import { codeLabelKey, XLSX_REGION_FILTERS, type XlsxRegionFilter } from '#domain/codes';
import { contratosXlsxFilename, fetchContratosXlsx } from '#api/contratos-xlsx';
import { Button } from '#ui/button.tsx';
import { DownloadStatus, useFileDownload } from '#ui/file-download.tsx';
import { saveBlob } from '#ui/save-blob.ts';
import { useOnline } from '#ui/use-online.ts';

/** The region filter an option of the select stands for. */
function regionFilterOf(value: string): XlsxRegionFilter {
  return XLSX_REGION_FILTERS.find((filter) => String(filter) === value) ?? 'ALL';
}

export function ExportContratosButton({ all }: { all: boolean }) {
  const { t } = useTranslation();
  const online = useOnline();
  const selectId = useId();
  const [region, setRegion] = useState<XlsxRegionFilter>('ALL');
  const regionNames = useLiveQuery(
    async () => new Map((await allRegions()).map((r) => [r.id, r.nombre_de_region])),
    [],
  );
  const {
    busy,
    progress,
    run: exportNow,
  } = useFileDownload(async (onProgress) => {
    const query = { all, region };
    saveBlob(await fetchContratosXlsx(query, { onProgress }), contratosXlsxFilename(query));
  });

  return (
    <div className="credito-export">
      <label htmlFor={selectId} className="sr-only">
        {t('creditos.exportRegion')}
      </label>
      <select
        id={selectId}
        className="input"
        value={String(region)}
        data-testid="creditos-export-region"
        onChange={(event) => setRegion(regionFilterOf(event.target.value))}
      >
        {XLSX_REGION_FILTERS.map((value) => (
          <option key={value} value={String(value)}>
            {(value === 'ALL' ? undefined : regionNames?.get(value)) ??
              t(codeLabelKey('xlsxRegionFilters', value))}
          </option>
        ))}
      </select>
      <Button
        onClick={exportNow}
        busy={busy}
        disabled={!online}
        title={online ? undefined : t('creditos.exportOffline')}
        data-testid="creditos-export"
      >
        {t('creditos.export')}
      </Button>
      <DownloadStatus progress={progress} />
    </div>
  );
}
