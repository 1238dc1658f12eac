/**
 * The community visit's reads of the replica (docs/community-visit.md): the members of the
 * chosen communities and, for all of them at once, their contracts, payments, movements,
 * collections and requests — by index, never a scan: one `getAll` per member and table, all
 * issued at once in one read transaction (keysIn), so the whole sheet waits on the database
 * about once per table. Payments count as in every figure of
 * the phone (./counted.ts, #domain/credit-replica): the accepted ones and this phone's
 * pending ones restated as the server will store them; refused captures come back apart.
 */
import type { IndexableType, Table } from 'dexie';
import { restatePendingPayments } from '#domain/credit-replica';
import { getDb } from '#db/database';
import type {
  AcopioRow,
  CommunityRow,
  ContratoRow,
  MovimientoRow,
  PagoRow,
  SocioRow,
  SolicitudRow,
} from '#db/replica-rows';
import { notCountedRecords, splitCounted } from './counted.ts';

export interface VisitRows {
  members: SocioRow[];
  contracts: ContratoRow[];
  /** Counted payments of those contracts (pending ones restated). */
  payments: PagoRow[];
  movements: MovimientoRow[];
  acopios: AcopioRow[];
  requests: SolicitudRow[];
  /** This phone's captures the server refused (or that wait behind a refusal). */
  refused: { payments: PagoRow[]; movements: MovimientoRow[]; acopios: AcopioRow[] };
}

/** The communities on the phone that have members, by name. */
export async function visitCommunities(): Promise<CommunityRow[]> {
  const db = getDb();
  const [communities, keys] = await Promise.all([
    db.comunidades.toArray(),
    db.socios.orderBy('comunidad').uniqueKeys(),
  ]);
  const withMembers = new Set(keys.map(Number));
  return communities
    .filter((c) => typeof c.id === 'number' && withMembers.has(c.id))
    .sort((a, b) => a.nombre_de_comunidad.localeCompare(b.nombre_de_comunidad, 'es'));
}

/**
 * The rows whose `index` is one of `keys`, in the order of `keys`. Not `anyOf`: its cursor
 * jumps from key to key, and each step waits for the database's answer (on a slow phone a
 * hundred members' sheet spent most of its time there, docs/community-visit.md#measured); the
 * requests of one `equals` per key go out together and each answers with all its rows.
 */
async function keysIn<R, K>(
  table: Table<R, K>,
  index: string,
  keys: readonly IndexableType[],
): Promise<R[]> {
  const unique = [...new Set(keys)];
  const lists = await Promise.all(unique.map((k) => table.where(index).equals(k).toArray()));
  return lists.flat();
}

export async function visitRows(communities: readonly number[]): Promise<VisitRows> {
  const db = getDb();
  return db.transaction(
    'r',
    [db.socios, db.contratos, db.movimientos, db.acopios, db.solicitudes, db.pagos, db.outbox],
    () => readRows(communities),
  );
}

async function readRows(communities: readonly number[]): Promise<VisitRows> {
  const db = getDb();
  const members = await keysIn(db.socios, 'comunidad', communities);
  const keys = members.map((m) => m.clave_socio);
  const [contracts, movements, acopios, requests, leftPagos, leftMovs, leftAcopios] =
    await Promise.all([
      keysIn(db.contratos, 'clave_socio', keys),
      keysIn(db.movimientos, 'clave_socio', keys),
      keysIn(db.acopios, 'clave_socio', keys),
      keysIn(db.solicitudes, 'clave_socio', keys),
      notCountedRecords('pago'),
      notCountedRecords('movimiento'),
      notCountedRecords('acopio'),
    ]);
  const allPayments = await keysIn(
    db.pagos,
    'credito',
    contracts.map((c) => c.id),
  );
  const pays = splitCounted(allPayments, leftPagos);
  const byContract = new Map<number, PagoRow[]>();
  for (const p of pays.counted) {
    const list = byContract.get(p.credito) ?? [];
    list.push(p);
    byContract.set(p.credito, list);
  }
  const payments: PagoRow[] = [];
  for (const c of contracts)
    payments.push(...restatePendingPayments(c, byContract.get(c.id) ?? []));
  const movs = splitCounted(movements, leftMovs);
  const acops = splitCounted(acopios, leftAcopios);
  return {
    members,
    contracts,
    payments,
    movements: movs.counted,
    acopios: acops.counted,
    requests,
    refused: { payments: pays.notCounted, movements: movs.notCounted, acopios: acops.notCounted },
  };
}
