/**
 * The reads of the places and the reference lists: regions, zones,
 * communities, hermitages, and the lists a member's form chooses from (cargos, cooperative
 * posts, companies, jobs, income sources). Every area that shows or picks a place reads it
 * here, inside `useLiveQuery`, so it follows the replica live and gets typed rows
 * (#db/replica-rows). A community captured on this phone is keyed by its client UUID until the
 * server numbers it.
 */
import { getDb } from '#db/database';
import type {
  CargoCoopRow,
  CargoRow,
  CommunityRow,
  EmpresaRow,
  FuenteRow,
  HermitageRow,
  PuestoRow,
  RecordKey,
  RegionRow,
  ZoneRow,
} from '#db/replica-rows';

export function allRegions(): Promise<RegionRow[]> {
  return getDb().regiones.toArray();
}

export function allZones(): Promise<ZoneRow[]> {
  return getDb().zonas.toArray();
}

export function allCommunities(): Promise<CommunityRow[]> {
  return getDb().comunidades.toArray();
}

/** One community: its server id, or the client UUID of one captured here. */
export function communityById(id: RecordKey): Promise<CommunityRow | undefined> {
  return getDb().comunidades.get(id);
}

export function allHermitages(): Promise<HermitageRow[]> {
  return getDb().ermitas.toArray();
}

/** The replica's reference lists, each in its table's key order. */
export interface ReferenceLists {
  regiones: RegionRow[];
  comunidades: CommunityRow[];
  ermitas: HermitageRow[];
  cargos: CargoRow[];
  cargosCoop: CargoCoopRow[];
  empresas: EmpresaRow[];
  puestos: PuestoRow[];
  fuentes: FuenteRow[];
}

/** Every list empty: what a screen shows before the replica is open (or read). */
export const NO_REFERENCE_LISTS: ReferenceLists = {
  regiones: [],
  comunidades: [],
  ermitas: [],
  cargos: [],
  cargosCoop: [],
  empresas: [],
  puestos: [],
  fuentes: [],
};

/** The eight reference lists, read together. */
export async function referenceLists(): Promise<ReferenceLists> {
  const db = getDb();
  const [regiones, comunidades, ermitas, cargos, cargosCoop, empresas, puestos, fuentes] =
    await Promise.all([
      db.regiones.toArray(),
      db.comunidades.toArray(),
      db.ermitas.toArray(),
      db.cargos.toArray(),
      db.cargosCoop.toArray(),
      db.empresas.toArray(),
      db.puestos.toArray(),
      db.fuentes.toArray(),
    ]);
  return { regiones, comunidades, ermitas, cargos, cargosCoop, empresas, puestos, fuentes };
}
