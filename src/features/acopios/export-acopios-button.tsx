/**
 * "Exportar a Excel" of the collections, per product (ALL, CF, MI, JA, SL),
 * built on the device from the replica (works offline) with the columns, order, sheet and file
 * name of GET /acopiosXLSX/?tipo_de_producto= (#domain/delivery-exports). Collections the server
 * has not numbered yet are left out: the office's file lists what it knows.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey, isCode, XLSX_PRODUCT_FILTERS, type XlsxProductFilter } from '#domain/codes';
import { ACOPIO_EXPORT, ACOPIO_SHEET, type AcopioListRow } from '#domain/delivery-exports';
import { Button } from '#ui/button.tsx';
import { useBusyTask } from '#ui/use-busy-task.ts';
import { codeLabelsOf, downloadXlsx } from '#ui/xlsx-export.ts';
import { isLocalKey, type AcopioRow } from '#db/replica-rows';

/** The spreadsheet's rows: the server's collections of `product`, newest first (as the list). */
export function acopioExportRows(
  records: readonly AcopioRow[],
  product: XlsxProductFilter,
): AcopioListRow[] {
  return records.filter(
    (r): r is AcopioRow & AcopioListRow =>
      !isLocalKey(r.id) && (product === 'ALL' || r.tipo_de_producto === product),
  );
}

export function ExportAcopiosButton({ records }: { records: readonly AcopioRow[] }) {
  const { t } = useTranslation();
  const selectId = useId();
  const [product, setProduct] = useState<XlsxProductFilter>('ALL');
  const { busy, run: exportNow } = useBusyTask(async () => {
    await downloadXlsx(
      ACOPIO_EXPORT.file(product),
      ACOPIO_SHEET,
      acopioExportRows(records, product),
      codeLabelsOf(t),
    );
  });

  return (
    <span className="acopios-export">
      <label className="sr-only" htmlFor={selectId}>
        {t('acopios.exportProduct')}
      </label>
      <select
        id={selectId}
        className="input select"
        value={product}
        data-testid="acopios-export-product"
        onChange={(event) => {
          const chosen = event.target.value;
          if (isCode('xlsxProductFilters', chosen)) setProduct(chosen);
        }}
      >
        {XLSX_PRODUCT_FILTERS.map((p) => (
          <option key={p} value={p}>
            {t(codeLabelKey('xlsxProductFilters', p))}
          </option>
        ))}
      </select>
      <Button onClick={exportNow} busy={busy} data-testid="acopios-export">
        {t('acopios.export')}
      </Button>
    </span>
  );
}
