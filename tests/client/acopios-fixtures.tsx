/**
 * Shared by the acopios-*, movimientos-* and evaluacion-socio-* client tests: a small
 * cooperative as the pull sends it — regions, communities, reference lists, members (detail
 * shape), collections and movements (list shapes of GET /acopios.json and GET /movimientos/) —
 * and the app opened on a route after a real login against that scripted server.
 */
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { Process } from '#domain/codes';
import type { AcopioListRow, MovementListRow } from '#domain/delivery-exports';
import type { Role } from '#domain/roles';
import { community, openAppAt, region } from './app-fixtures';
import { json, type Handler } from './api-fake-fetch';
import { member, type MemberShape } from './socios-fixtures';

export const COMMUNITIES = [
  community(7, 'Bachajón', 1),
  community(9, 'Sitalá', 1),
  community(8, 'Guaquitepec', 2),
];

/**
 * 5 Juana: coffee AC, honey NP, soap BA, salaries NP (Bachajón, region 1).
 * 6 Pedro: coffee and honey AC (Bachajón).
 * 7 Marta: soap and salaries AC, company 1, source 1 (Sitalá, region 1).
 * 12 Rosa: coffee AC (Guaquitepec, region 2).
 */
export const MEMBERS: MemberShape[] = [
  member(5),
  member(6, { nombres: 'Pedro', apellido_paterno: 'López', genero: 'MA', estatus_miel: 'AC' }),
  member(7, {
    nombres: 'Marta',
    apellido_paterno: 'Pérez',
    comunidad: 9,
    nombre_comunidad: 'Sitalá',
    estatus_cafe: 'NP',
    estatus_yip: 'AC',
    estatus_trabajador: 'AC',
    empresa: 1,
    fuente: 1,
  }),
  member(12, {
    nombres: 'Rosa',
    apellido_paterno: 'Álvarez',
    comunidad: 8,
    region: 2,
    nombre_comunidad: 'Guaquitepec',
    nombre_region: 'Región 2',
  }),
];

function context(clave: number) {
  const m = MEMBERS.find((x) => x.clave_socio === clave)!;
  return {
    clave_socio: clave,
    nombre_socio: m.full_name as string,
    region: m.region as number,
    nombre_region: m.nombre_region as string,
    comunidad: m.comunidad as number,
    nombre_comunidad: m.nombre_comunidad as string,
  };
}

export function acopio(
  id: number,
  clave: number,
  fecha: string,
  tipo: Process,
  ingreso: string,
  kilos: string | null = null,
): AcopioListRow {
  return {
    id,
    ...context(clave),
    fecha,
    ingreso,
    tipo_de_producto: tipo,
    kilos_de_producto: kilos,
  };
}

export function movimiento(
  id: number,
  clave: number,
  patch: Partial<MovementListRow> = {},
): MovementListRow {
  return {
    id,
    ...context(clave),
    fecha_entrega: '2025-03-10',
    monto: '100.00',
    proceso: 'CF',
    aportacion: true,
    ordinario: true,
    tipo_de_movimiento: 'EF',
    fecha_banco: null,
    referencia_banco: null,
    responsable_entrega: null,
    ...patch,
  };
}

export interface Cooperative {
  members?: MemberShape[];
  acopios?: AcopioListRow[];
  movimientos?: MovementListRow[];
}

/** Like the server: everything on the first pull, then an empty delta for its cursor. */
export function pullOf(coop: Cooperative): Handler {
  return (request) =>
    json(
      request.path.includes('cursor=c1')
        ? { cursor: 'c1', hasMore: false, reset: false, changes: {} }
        : {
            cursor: 'c1',
            hasMore: false,
            reset: false,
            changes: {
              regiones: [region(1), region(2)],
              comunidades: COMMUNITIES,
              cargos: [{ id: 1, nombre_de_cargo: 'Productor' }],
              cargos_coop: [{ id: 1, nombre_cargo_coop: 'Socio' }],
              empresas: [{ id: 1, nombre_empresa: 'Capeltic' }],
              puestos: [{ id: 1, puesto: 'Tostador' }],
              fuentes: [{ id: 1, fuente: 'Propia' }],
              socios: coop.members ?? MEMBERS,
              acopios: coop.acopios ?? [],
              movimientos: coop.movimientos ?? [],
            },
          },
    );
}

/** Log in as `role` against a server holding `coop`, open `path`, wait for its title. */
export async function openApp(
  role: Role,
  path: string,
  title: string,
  coop: Cooperative = {},
  extra: Record<string, Handler> = {},
) {
  return openAppAt(
    role,
    path,
    { 'GET /api/sync/pull/': pullOf(coop), ...extra },
    { heading: title },
  );
}

export type Ui = ReturnType<typeof userEvent.setup>;

/**
 * Accept the confirmation the forms ask before sending: a field capture's button says what
 * happens ("Guardar y enviar" online, "Guardar en el teléfono" offline), an office edit's
 * "Sí, enviar".
 */
export const SAVE_BUTTON = /^(Guardar y enviar|Guardar en el teléfono|Sí, enviar)$/;
export async function confirmSend(ui: Ui): Promise<void> {
  await ui.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: SAVE_BUTTON }),
  );
}

/** The message shown under a control (its field's), or null. */
export function messageOf(control: Element): string | null {
  return control.closest('.field')?.querySelector('.field-message')?.textContent ?? null;
}
