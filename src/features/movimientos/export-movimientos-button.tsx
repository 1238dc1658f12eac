/**
 * "Exportar a Excel" of the group view, built on the device from the replica (works offline)
 * with the columns, order, sheet and file name of GET /movimientos-conc-xlsx/ for the same
 * filter (#domain/delivery-exports). Movements the server has not numbered yet are left out.
 */
import { useTranslation } from 'react-i18next';
import { MOVEMENT_EXPORT, MOVEMENT_SHEET, type MovementListRow } from '#domain/delivery-exports';
import { Button } from '#ui/button.tsx';
import { useBusyTask } from '#ui/use-busy-task.ts';
import { codeLabelsOf, downloadXlsx } from '#ui/xlsx-export.ts';
import { isLocalKey, type MovimientoRow } from '#db/replica-rows';

/** The spreadsheet's rows: the server's movements of the filter, newest first (as the list). */
export function movementExportRows(records: readonly MovimientoRow[]): MovementListRow[] {
  return records.filter((r): r is MovimientoRow & MovementListRow => !isLocalKey(r.id));
}

export function ExportMovimientosButton({ records }: { records: readonly MovimientoRow[] }) {
  const { t } = useTranslation();
  const { busy, run: exportNow } = useBusyTask(async () => {
    await downloadXlsx(
      MOVEMENT_EXPORT.file,
      MOVEMENT_SHEET,
      movementExportRows(records),
      codeLabelsOf(t),
    );
  });

  return (
    <Button onClick={exportNow} busy={busy} data-testid="movimientos-export">
      {t('movimientos.export')}
    </Button>
  );
}
