/**
 * "Exportar a Excel" of a screen whose rows are already on the device: the spreadsheet is
 * built here (#ui/xlsx-export: off the page's thread where the browser can) from what the
 * screen shows, with the typed cells of #domain/sheet. While it is built the button is busy
 * and a status line says the file is being prepared.
 */
import { useTranslation } from 'react-i18next';
import type { SheetSpec } from '#domain/sheet';
import { Button } from '#ui/button.tsx';
import { DownloadStatus } from '#ui/file-download.tsx';
import { useBusyTask } from '#ui/use-busy-task.ts';
import { codeLabelsOf, downloadXlsx } from '#ui/xlsx-export.ts';

/** One export: the file's name, its sheet and the rows, read when the button is pressed. */
export interface XlsxFile<T extends object, K extends keyof T & string> {
  filename: string;
  spec: SheetSpec<K>;
  rows: readonly T[];
}

export interface ExportXlsxButtonProps<T extends object, K extends keyof T & string> {
  file: () => XlsxFile<T, K>;
  testId: string;
  disabled?: boolean;
}

export function ExportXlsxButton<T extends object, K extends keyof T & string>({
  file,
  testId,
  disabled,
}: ExportXlsxButtonProps<T, K>) {
  const { t } = useTranslation();
  const { busy, run } = useBusyTask(async () => {
    const { filename, spec, rows } = file();
    await downloadXlsx(filename, spec, rows, codeLabelsOf(t));
  });
  return (
    <span className="xlsx-export">
      <Button onClick={run} busy={busy} disabled={disabled} data-testid={testId}>
        {t('ui.exportExcel')}
      </Button>
      <DownloadStatus progress={busy ? { phase: 'preparing' } : null} />
    </span>
  );
}
