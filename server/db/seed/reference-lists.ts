/** The small code lists: cargos, cargos-coop, empresas, puestos, fuentes. */
import { cargos, cargosCoop, empresas, fuentes, puestos } from '#server/db/schema';
import { CARGOS, CARGOS_COOP, EMPRESAS, FUENTES, PUESTOS } from './names.ts';
import type { SeedContext } from './context.ts';

export async function seedReferenceLists(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  ctx.cargoIds = (
    await db
      .insert(cargos)
      .values(CARGOS.map((n) => ({ nombre_de_cargo: n })))
      .returning({ id: cargos.id })
  ).map((r) => r.id);
  ctx.cargoCoopIds = (
    await db
      .insert(cargosCoop)
      .values(CARGOS_COOP.map((n) => ({ nombre_cargo_coop: n })))
      .returning({ id: cargosCoop.id })
  ).map((r) => r.id);
  ctx.empresaIds = (
    await db
      .insert(empresas)
      .values(EMPRESAS.map((n) => ({ nombre_empresa: n })))
      .returning({ id: empresas.id })
  ).map((r) => r.id);
  ctx.puestoIds = (
    await db
      .insert(puestos)
      .values(PUESTOS.map((n) => ({ puesto: n })))
      .returning({ id: puestos.id })
  ).map((r) => r.id);
  ctx.fuenteIds = (
    await db
      .insert(fuentes)
      .values(FUENTES.map((n) => ({ fuente: n })))
      .returning({ id: fuentes.id })
  ).map((r) => r.id);
}
