/**
 * The credit requests area's reads of the replica, in one place: the hooks of /solicitudes,
 * /solicitud-formato, /mesa-control and /evaluacion call these inside `useLiveQuery`, so a
 * screen follows the replica live and reads typed rows (#db/replica-rows). Besides the
 * requests, what the office screens judge a request by: the member and guarantor, the member's
 * contracts with their payments, collections and movements, and the contracts of its region.
 */
import { getDb } from '#db/database';
import type {
  AcopioRow,
  ContratoRow,
  MovimientoRow,
  PagoRow,
  SocioRow,
  SolicitudRow,
} from '#db/replica-rows';

/** Every request on the phone (the pull scoped them: a promoter holds only its own). */
export function allRequests(): Promise<SolicitudRow[]> {
  return getDb().solicitudes.toArray();
}

export function requestByFolio(folio: number): Promise<SolicitudRow | undefined> {
  return getDb().solicitudes.get(folio);
}

/** Every member on the phone (the request form names the applicant and the guarantor). */
export function requestMembers(): Promise<SocioRow[]> {
  return getDb().socios.toArray();
}

/** What the control desk shows of a request's member: the member, its guarantor, its history. */
export interface MemberHistoryRows {
  socio: SocioRow | undefined;
  aval: SocioRow | undefined;
  /** Every request of the member (the one under review included). */
  requests: SolicitudRow[];
  contracts: ContratoRow[];
  /** The payments of those contracts. */
  payments: PagoRow[];
}

export async function memberHistoryRows(key: {
  clave: number;
  aval: number;
}): Promise<MemberHistoryRows> {
  const db = getDb();
  const [socio, aval, requests, contracts] = await Promise.all([
    db.socios.get(key.clave),
    db.socios.get(key.aval),
    db.solicitudes.where('clave_socio').equals(key.clave).toArray(),
    db.contratos.where('clave_socio').equals(key.clave).toArray(),
  ]);
  return { socio, aval, requests, contracts, payments: await paymentsOf(contracts) };
}

/** What the evaluation figures read (docs/business-rules.md#member-evaluation-figures). */
export interface EvaluationRows {
  /** The contracts of the member's region and the member's own, each once. */
  contracts: ContratoRow[];
  payments: PagoRow[];
  acopios: AcopioRow[];
  movimientos: MovimientoRow[];
}

/**
 * The replica has no community index on contracts: the region's contracts are read by index
 * and the community's picked from them in memory (a region holds a few hundred contracts).
 */
export async function evaluationRows(scope: {
  clave: number;
  region: number;
}): Promise<EvaluationRows> {
  const db = getDb();
  const [regionContracts, memberContracts, acopios, movimientos] = await Promise.all([
    db.contratos.where('region').equals(scope.region).toArray(),
    db.contratos.where('clave_socio').equals(scope.clave).toArray(),
    db.acopios.where('clave_socio').equals(scope.clave).toArray(),
    db.movimientos.where('clave_socio').equals(scope.clave).toArray(),
  ]);
  const byId = new Map<number, ContratoRow>();
  for (const c of [...regionContracts, ...memberContracts]) byId.set(c.id, c);
  const contracts = [...byId.values()];
  return { contracts, payments: await paymentsOf(contracts), acopios, movimientos };
}

function paymentsOf(contracts: readonly ContratoRow[]): Promise<PagoRow[]> {
  if (contracts.length === 0) return Promise.resolve([]);
  return getDb()
    .pagos.where('credito')
    .anyOf(contracts.map((c) => c.id))
    .toArray();
}
