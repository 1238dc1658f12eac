/**
 * The tables the foundation replicates. Importing this module registers them; a later area
 * adds `tables/<area>.ts` and one line here.
 */
import { registerReplicatedTable } from '#server/sync/registry';
import {
  cargosCoopTable,
  cargosTable,
  comunidadesTable,
  empresasTable,
  ermitasTable,
  fuentesTable,
  puestosTable,
  regionesTable,
  zonasTable,
} from './reference.ts';
import { sociosTable } from './socios.ts';
import { contratosTable, pagosTable } from './credits.ts';
import { solicitudesTable } from './solicitudes.ts';
import { acopiosTable, movimientosTable } from './deliveries.ts';
import { traduccionesTable } from './translations.ts';

export function registerFoundationTables(): void {
  for (const table of [
    regionesTable,
    zonasTable,
    comunidadesTable,
    ermitasTable,
    cargosTable,
    cargosCoopTable,
    empresasTable,
    puestosTable,
    fuentesTable,
    sociosTable,
    contratosTable,
    pagosTable,
    solicitudesTable,
    acopiosTable,
    movimientosTable,
    traduccionesTable,
  ]) {
    registerReplicatedTable(table);
  }
}
