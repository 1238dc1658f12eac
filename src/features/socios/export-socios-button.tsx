/**
 * "Exportar a Excel" of the members list, built on the device from the replica (works offline)
 * with the columns, order and cells of GET /sociosXLSX/ (#domain/exports). Members the server
 * has not numbered yet are left out: the office's file lists members it knows.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MEMBER_EXPORT,
  MEMBER_LIST_COLUMNS,
  toMemberListRow,
  type MemberLabels,
} from '#domain/exports';
import { Button } from '#ui/button.tsx';
import { showError } from '#ui/error-store.ts';
import { downloadXlsx } from '#ui/xlsx-export.ts';
import { isLocalOnly, type SocioRecord } from './socio-record.ts';

/** The spreadsheet's rows: the replica's members in key order, in the list shape. */
export function memberExportRows(records: readonly SocioRecord[], labels: MemberLabels) {
  return records
    .filter((record) => !isLocalOnly(record))
    .map((record) =>
      toMemberListRow({ ...record, clave_socio: record.clave_socio as number }, labels),
    )
    .sort((a, b) => a.clave_socio - b.clave_socio);
}

export function ExportSociosButton({
  records,
  labels,
}: {
  records: readonly SocioRecord[];
  labels: MemberLabels;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function exportNow() {
    setBusy(true);
    try {
      await downloadXlsx(
        MEMBER_EXPORT.file,
        MEMBER_EXPORT.sheet,
        MEMBER_LIST_COLUMNS,
        memberExportRows(records, labels),
      );
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button onClick={() => void exportNow()} busy={busy} data-testid="socios-export">
      {t('socios.export')}
    </Button>
  );
}
