/**
 * JSON shapes the API answers and the replica stores (docs/architecture.md#api-conventions).
 * Reference ids and display names travel side by side (`region` + `nombre_region`).
 * Stored decimals are strings with their decimals ("1040.00"); dates are `YYYY-MM-DD`.
 */
import type { Gender, MemberStatus } from './codes';
import type { Role } from './roles';

export type IsoDate = string;
export type IsoDateTime = string;
/** [longitude, latitude] pairs of a GeoJSON polygon ring. */
export type LngLat = [number, number];
export interface GeoPolygon {
  type: 'Polygon';
  coordinates: LngLat[][];
}

export interface Me {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  role: Role;
  clave_socio: number | null;
  /** Region of the linked member's community (the promoter's region); null without a link. */
  region: number | null;
  /** May translate the interface, whatever the role; the server always says. */
  traductor?: boolean;
}

export interface TokenPair {
  access: string;
  refresh: string;
  localId: number;
  /** This device's token for the user (kept by the app, sent with the next logins). */
  device?: string;
}

export interface RefreshAnswer {
  access: string;
  /** The rotated refresh token: the one sent no longer refreshes. */
  refresh?: string;
  localId: number;
}

export interface Region {
  id: number;
  nombre_de_region: string;
  poly: GeoPolygon | null;
}

export interface Zone {
  id: number;
  zona_id: string;
  nombre: string;
  interzona: string;
  poly: GeoPolygon | null;
  poly_encuesta: GeoPolygon | null;
}

export interface Community {
  id: number;
  nombre_de_comunidad: string;
  region: number;
  nombre_region: string;
  ermita: number | null;
  ermita_name: string | null;
  inegiLocalidad: string | null;
  /** [lat, lng] or null when unknown. */
  ubicacion: [number, number] | null;
}

export interface Hermitage {
  ermita_id: number;
  nombre: string;
  zona: string;
  interzona: string;
  municipio: string;
  localidad: string;
  localidad_nota: string;
  /** [lat, lng] or null when unknown (docs/business-rules.md#other-areas). */
  ubicacion: [number, number] | null;
}

export interface Cargo {
  id: number;
  nombre_de_cargo: string;
}
export interface CargoCoop {
  id: number;
  nombre_cargo_coop: string;
}
export interface Empresa {
  id: number;
  nombre_empresa: string;
}
export interface Puesto {
  id: number;
  puesto: string;
}
export interface Fuente {
  id: number;
  fuente: string;
}

/**
 * A member as the pull and the member list answer it: the stored fields, the
 * region of its community, and the read-only display names.
 */
export interface Socio {
  clave_socio: number;
  /** Region of the member's community. */
  region: number;
  nombres: string;
  apellido_paterno: string;
  apellido_materno: string;
  curp: string | null;
  telefono: string | null;
  /** Null only on a member imported from the original with the field empty (docs/import.md). */
  fecha_nacimiento: IsoDate | null;
  genero: Gender;
  fecha_ingr_yomol_atel: IsoDate | null;
  fecha_ingr_programa: IsoDate | null;
  clave_anterior: string | null;
  comunidad: number;
  cargo: number | null;
  cargo_coop: number[];
  empresa: number | null;
  puesto: number | null;
  fuente: number | null;
  estatus_cafe: MemberStatus;
  estatus_miel: MemberStatus;
  estatus_yip: MemberStatus;
  estatus_trabajador: MemberStatus;
  /** Spelled as in the spec. */
  estatus_comonSit: MemberStatus;
  doc_curp: boolean;
  doc_domicilio: boolean;
  doc_act_nac: boolean;
  doc_ine: boolean;
  doc_rfc: boolean;
  rfc: string | null;
  nombre_comunidad: string;
  /** "nombres apellido_paterno apellido_materno". */
  full_name: string;
  nombre_region: string;
}

/** Error bodies (docs/architecture.md#api-conventions). */
export type FieldErrors = Record<string, string[]> & { non_field_errors?: string[] };
export interface DetailError {
  detail: string;
  code?: string;
  request_id?: string;
}
