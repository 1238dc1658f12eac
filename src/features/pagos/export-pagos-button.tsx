/**
 * "Exportar a Excel" of the payments list (privileged roles), built on the device from the
 * replica (works offline) with the columns, order and cells of GET /pagosXLSX/
 * (#domain/payment-export). Payments the server has not numbered yet are left out: the
 * office's file lists payments it knows.
 */
import { useTranslation } from 'react-i18next';
import { PAYMENT_EXPORT, PAYMENT_SHEET } from '#domain/payment-export';
import { Button } from '#ui/button.tsx';
import { useBusyTask } from '#ui/use-busy-task.ts';
import { codeLabelsOf, downloadXlsx } from '#ui/xlsx-export.ts';
import { isLocalKey, type PagoRow as PagoRecord } from '#db/replica-rows';
import { newestFirst } from './use-pagos-data.ts';

/** The spreadsheet's rows: the replica's numbered payments, newest first (the list's order). */
export function pagoExportRows(records: readonly PagoRecord[]): PagoRecord[] {
  return newestFirst(records.filter((record) => !isLocalKey(record.id)));
}

export function ExportPagosButton({ records }: { records: readonly PagoRecord[] }) {
  const { t } = useTranslation();
  const { busy, run: exportNow } = useBusyTask(async () => {
    await downloadXlsx(
      PAYMENT_EXPORT.file,
      PAYMENT_SHEET,
      pagoExportRows(records),
      codeLabelsOf(t),
    );
  });

  return (
    <Button onClick={exportNow} busy={busy} data-testid="pagos-export">
      {t('pagos.export')}
    </Button>
  );
}
