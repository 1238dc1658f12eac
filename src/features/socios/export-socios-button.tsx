/**
 * "Exportar a Excel" of the members list, built on the device from the replica (works offline)
 * with the columns, order and cells of GET /sociosXLSX/ (#domain/exports). Members the server
 * has not numbered yet are left out: the office's file lists members it knows.
 */
import { useTranslation } from 'react-i18next';
import { MEMBER_EXPORT, MEMBER_SHEET, toMemberListRow, type MemberLabels } from '#domain/exports';
import { Button } from '#ui/button.tsx';
import { useBusyTask } from '#ui/use-busy-task.ts';
import { codeLabelsOf, downloadXlsx } from '#ui/xlsx-export.ts';
import type { SocioRow } from '#db/replica-rows';
import { isNumbered } from './socio-record.ts';

/** The spreadsheet's rows: the replica's members in key order, in the list shape. */
export function memberExportRows(records: readonly SocioRow[], labels: MemberLabels) {
  return records
    .filter(isNumbered)
    .map((record) => toMemberListRow(record, labels))
    .sort((a, b) => a.clave_socio - b.clave_socio);
}

export function ExportSociosButton({
  records,
  labels,
}: {
  records: readonly SocioRow[];
  labels: MemberLabels;
}) {
  const { t } = useTranslation();
  const { busy, run: exportNow } = useBusyTask(async () => {
    await downloadXlsx(
      MEMBER_EXPORT.file,
      MEMBER_SHEET,
      memberExportRows(records, labels),
      codeLabelsOf(t),
    );
  });

  return (
    <Button onClick={exportNow} busy={busy} data-testid="socios-export">
      {t('socios.export')}
    </Button>
  );
}
