/**
 * The community visit's reads of the replica (docs/community-visit.md): the members of the
 * chosen communities and, for all of them at once, their contracts, payments, movements,
 * collections and requests — one indexed `anyOf` per table (never a scan per member), so a
 * community of a hundred members costs six index reads. Payments count as in every figure of
 * the phone (./counted.ts, #domain/credit-replica): the accepted ones and this phone's
 * pending ones restated as the server will store them; refused captures come back apart.
 */
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

export async function visitRows(communities: readonly number[]): Promise<VisitRows> {
  const db = getDb();
  const members = await db.socios
    .where('comunidad')
    .anyOf([...communities])
    .toArray();
  const keys = members.map((m) => m.clave_socio);
  const [contracts, movements, acopios, requests, leftPagos, leftMovs, leftAcopios] =
    await Promise.all([
      db.contratos.where('clave_socio').anyOf(keys).toArray(),
      db.movimientos.where('clave_socio').anyOf(keys).toArray(),
      db.acopios.where('clave_socio').anyOf(keys).toArray(),
      db.solicitudes.where('clave_socio').anyOf(keys).toArray(),
      notCountedRecords('pago'),
      notCountedRecords('movimiento'),
      notCountedRecords('acopio'),
    ]);
  const allPayments = await db.pagos
    .where('credito')
    .anyOf(contracts.map((c) => c.id))
    .toArray();
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
