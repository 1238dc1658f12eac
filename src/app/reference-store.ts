/**
 * The reference lists of spec part 1 §7, loaded together after login and after every token
 * refresh. A list whose fetch fails becomes empty (spec part 1 §8: failed list fetches are
 * silently ignored). The sync issue moves these lists into the Dexie replica.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type {
  Cargo,
  CargoCoop,
  Community,
  Empresa,
  Fuente,
  Hermitage,
  Puesto,
  Region,
} from '#domain/entities';
import { fetchRegiones } from '#api/regiones';
import { fetchComunidades } from '#api/comunidades';
import { fetchErmitas } from '#api/ermitas';
import { fetchCargos } from '#api/cargos';
import { fetchCargosCoop } from '#api/cargos-coop';
import { fetchEmpresas } from '#api/empresas';
import { fetchFuentes } from '#api/fuentes';
import { fetchPuestos } from '#api/puestos';

export interface ReferenceLists {
  regiones: Region[];
  comunidades: Community[];
  ermitas: Hermitage[];
  cargos: Cargo[];
  cargosCoop: CargoCoop[];
  empresas: Empresa[];
  fuentes: Fuente[];
  puestos: Puesto[];
}

export interface ReferenceState extends ReferenceLists {
  /** Epoch ms of the last load, null before the first. */
  loadedAt: number | null;
}

const EMPTY: ReferenceState = {
  regiones: [],
  comunidades: [],
  ermitas: [],
  cargos: [],
  cargosCoop: [],
  empresas: [],
  fuentes: [],
  puestos: [],
  loadedAt: null,
};

export const referenceStore = createStore<ReferenceState>()(() => EMPTY);

export function useReferences<T>(select: (state: ReferenceState) => T): T {
  return useStore(referenceStore, select);
}

async function orEmpty<T>(load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch {
    return [];
  }
}

/** Fetch the eight lists in parallel; never throws. */
export async function loadReferences(): Promise<void> {
  const [regiones, comunidades, ermitas, cargos, cargosCoop, empresas, fuentes, puestos] =
    await Promise.all([
      orEmpty(() => fetchRegiones()),
      orEmpty(() => fetchComunidades()),
      orEmpty(() => fetchErmitas()),
      orEmpty(() => fetchCargos()),
      orEmpty(() => fetchCargosCoop()),
      orEmpty(() => fetchEmpresas()),
      orEmpty(() => fetchFuentes()),
      orEmpty(() => fetchPuestos()),
    ]);
  referenceStore.setState({
    regiones,
    comunidades,
    ermitas,
    cargos,
    cargosCoop,
    empresas,
    fuentes,
    puestos,
    loadedAt: Date.now(),
  });
}

export function clearReferences(): void {
  referenceStore.setState(EMPTY, true);
}
