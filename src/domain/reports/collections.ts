/**
 * Collections (acopios) per month, product and region: deliveries, kilos
 * and income. Kilos travel as hundredths of a kilo so their sums stay exact.
 */
import type { Process } from '#domain/codes';
import type { IsoDate } from '#domain/dates';
import type { Cents } from '#domain/money';
import { monthOf, type MonthKey } from './months';

export interface CollectionRecord {
  fecha: IsoDate;
  tipo_de_producto: Process;
  region: number;
  ingreso: Cents;
  /** Hundredths of a kilo; null for products that are not weighed (JA, SL). */
  centikilos: number | null;
}

export interface CollectionRow {
  mes: MonthKey;
  producto: Process;
  region: number;
  entregas: number;
  /** Hundredths of a kilo (0 for products that are not weighed). */
  centikilos: number;
  ingreso: Cents;
}

/**
 * One row per (month, product, region) that had deliveries, months within `months` only,
 * ordered by month, product, region.
 */
export function collectionsByMonth(
  records: readonly CollectionRecord[],
  months: readonly MonthKey[],
): CollectionRow[] {
  const wanted = new Set(months);
  const rows = new Map<string, CollectionRow>();
  for (const r of records) {
    const mes = monthOf(r.fecha);
    if (!wanted.has(mes)) continue;
    const key = `${mes}|${r.tipo_de_producto}|${r.region}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        mes,
        producto: r.tipo_de_producto,
        region: r.region,
        entregas: 0,
        centikilos: 0,
        ingreso: 0,
      };
      rows.set(key, row);
    }
    row.entregas += 1;
    row.centikilos += r.centikilos ?? 0;
    row.ingreso += r.ingreso;
  }
  return [...rows.values()].sort(
    (a, b) =>
      a.mes.localeCompare(b.mes) || a.producto.localeCompare(b.producto) || a.region - b.region,
  );
}
