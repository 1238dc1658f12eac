/**
 * The deliveries area's reads of the replica (collections and contributions/withdrawals), in
 * one place: the hooks of /acopios, /acopio-formato, /movimientos and /movimiento-formato call
 * these inside `useLiveQuery`, so a screen follows the replica live and reads typed rows
 * (#db/replica-rows). Also the members a delivery form may name and the reference lists of the
 * place and group filters, as these screens need them.
 */
import { deliveryMembersOf, type DeliveryMember } from '#domain/delivery-member';
import { getDb } from '#db/database';
import { regionsById } from './maps.ts';
import type {
  AcopioRow,
  CommunityRow,
  EmpresaRow,
  FuenteRow,
  MovimientoRow,
  RegionRow,
} from '#db/replica-rows';

/** Every collection on the phone (captures not sent yet included). */
export function allAcopios(): Promise<AcopioRow[]> {
  return getDb().acopios.toArray();
}

/** Every contribution and withdrawal on the phone (captures not sent yet included). */
export function allMovimientos(): Promise<MovimientoRow[]> {
  return getDb().movimientos.toArray();
}

/** The collections of one member (the credit evaluation reads a member's deliveries). */
export function acopiosOfMember(clave: number): Promise<AcopioRow[]> {
  return getDb().acopios.where('clave_socio').equals(clave).toArray();
}

/** The contributions and withdrawals of one member. */
export function movimientosOfMember(clave: number): Promise<MovimientoRow[]> {
  return getDb().movimientos.where('clave_socio').equals(clave).toArray();
}

/**
 * The members a delivery may name: those the server has numbered, with their names, place and
 * process statuses (the replica holds every member the user may capture for).
 */
export async function deliveryMembers(): Promise<DeliveryMember[]> {
  return deliveryMembersOf(await getDb().socios.toArray());
}

/** The regions and communities of the collections' place filter. */
export interface DeliveryPlaces {
  regiones: RegionRow[];
  comunidades: CommunityRow[];
}

// Regions through the kept read (./maps.ts): their polygons are large, and a live query copies
// every row it answers.
export async function deliveryPlaces(): Promise<DeliveryPlaces> {
  const db = getDb();
  const [regiones, comunidades] = await Promise.all([regionsById(), db.comunidades.toArray()]);
  return { regiones, comunidades };
}

/** The reference lists of the movements' group filter (community, region, company, source). */
export interface GroupReferences extends DeliveryPlaces {
  empresas: EmpresaRow[];
  fuentes: FuenteRow[];
}

export async function groupReferences(): Promise<GroupReferences> {
  const db = getDb();
  const [regiones, comunidades, empresas, fuentes] = await Promise.all([
    regionsById(),
    db.comunidades.toArray(),
    db.empresas.toArray(),
    db.fuentes.toArray(),
  ]);
  return { regiones, comunidades, empresas, fuentes };
}
