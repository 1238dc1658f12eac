/**
 * What every mapping step sees: the original's rows, the log, the ids of each original table
 * (read, and actually written to this product), and the day the import runs.
 */
import type { IsoDate } from '#domain/dates';
import type { IdSet } from './checks.ts';
import type { ImportLog } from './log.ts';
import { ORIGINAL_TABLES, type OriginalData, type OriginalTable } from './original.ts';

/** How a row of each table is named in messages ("contract 12 was skipped"). */
const LABELS: Record<OriginalTable, string> = {
  tsumbalil_region: 'region',
  ermitas_interzona: 'inter-zone',
  ermitas_zona: 'zone',
  ermitas_municipio: 'municipality',
  ermitas_inegilocalidad: 'INEGI locality',
  ermitas_ermita: 'hermitage',
  tsumbalil_comunidad: 'community',
  tsumbalil_cargo: 'cargo',
  tsumbalil_cargocoop: 'cooperative post',
  tsumbalil_empresa: 'company',
  tsumbalil_fuente: 'source',
  tsumbalil_puesto_trabajo: 'job position',
  socios_socio: 'member',
  socios_socio_cargo_coop: 'member post',
  users_user: 'user',
  solicitudes_solicitudcredito: 'request',
  solicitudes_chatsolicitudcredito: 'chat comment',
  contratos_contratocredito: 'contract',
  pagos_pago: 'payment',
  pagos_condonacion: 'waiver',
  acopios_acopio: 'collection',
  movimientos_movimiento: 'movement',
  bancos_banco: 'bank account',
  bancos_subcuenta: 'sub-account',
  bancos_movimientobanco: 'bank movement',
  bancos_registrocontable: 'accounting record',
};

interface MutableIdSet extends IdSet {
  imported: Set<number>;
}

export class MapContext {
  private readonly sets = new Map<OriginalTable, MutableIdSet>();

  constructor(
    readonly data: OriginalData,
    readonly log: ImportLog,
    readonly today: IsoDate,
  ) {}

  /** Ids of an original table: those read, and those written to this product so far. */
  ids(table: OriginalTable): IdSet {
    return this.set(table);
  }

  /** Record the ids a step wrote (or found unchanged). */
  markImported(table: OriginalTable, ids: Iterable<number>): void {
    const set = this.set(table);
    for (const id of ids) set.imported.add(id);
  }

  private set(table: OriginalTable): MutableIdSet {
    let set = this.sets.get(table);
    if (!set) {
      const key = ORIGINAL_TABLES[table].key;
      const read = new Set<number>();
      for (const row of this.data[table]) {
        const value: unknown = Reflect.get(row, key);
        if (typeof value === 'number') read.add(value);
      }
      set = { label: LABELS[table], read, imported: new Set() };
      this.sets.set(table, set);
    }
    return set;
  }
}

export const labelOf = (table: OriginalTable): string => LABELS[table];
