/**
 * The header row of every spreadsheet export, written out here from the spec instead of read
 * from the code's column constants (a test that compares the code with itself cannot fail).
 * docs/business-rules.md#other-areas: an export has "the columns of the matching list".
 *
 * Each export has:
 * - `fromSpec`: the columns the spec names for that list (the original specification's
 *   lists and docs/business-rules.md#other-areas), as field names; `ordered` when the spec gives
 *   them as the list's column order, otherwise they come from an entity's field list and only
 *   their presence counts;
 * - `header`: the matching list's columns, in the order the server and the phone write them.
 *   Columns beyond `fromSpec` are this project's additions (mostly the name beside an id),
 *   pinned so a change shows;
 * - `labeled`: the code columns the spreadsheet follows with a "<column>_etiqueta" column
 *   holding the code's label ("each code beside its label").
 */
import { expect } from 'vitest';

export interface ExportColumns {
  fromSpec: readonly string[];
  ordered: boolean;
  header: readonly string[];
  labeled: readonly string[];
}

/** The spreadsheet's header row: `header` with each labeled code's label column after it. */
export function sheetHeaderOf(columns: ExportColumns): string[] {
  return columns.header.flatMap((c) => (columns.labeled.includes(c) ? [c, `${c}_etiqueta`] : [c]));
}

/**
 * The header row is the list's columns with a label column after each code, and every column
 * the spec names is in it (in order).
 */
export function expectExportHeader(actual: unknown, columns: ExportColumns): void {
  expect(actual).toEqual(sheetHeaderOf(columns));
  const row = Array.isArray(actual) ? actual.map(String) : [];
  if (columns.ordered) {
    expect(row.filter((c) => columns.fromSpec.includes(c))).toEqual(columns.fromSpec);
  } else {
    expect(row).toEqual(expect.arrayContaining([...columns.fromSpec]));
  }
}

/**
 * GET /sociosXLSX/. spec/000 §3 "Member": the member's fields, statuses per area and the
 * read-only labels; "the members list also carries flags for coffee, honey, soap, worker and
 * general participation" and "is also shown with RFC and role labels". The list leaves out
 * what only the member form shows (clave_anterior, empresa, puesto, fuente, doc_* copies,
 * nombre_productor).
 */
export const MEMBER_EXPORT_COLUMNS: ExportColumns = {
  fromSpec: [
    'clave_socio',
    'region',
    'nombres',
    'apellido_paterno',
    'apellido_materno',
    'curp',
    'telefono',
    'fecha_nacimiento',
    'genero',
    'fecha_ingr_yomol_atel',
    'fecha_ingr_programa',
    'comunidad',
    'cargo',
    'cargo_coop',
    'estatus_cafe',
    'estatus_miel',
    'estatus_yip',
    'estatus_trabajador',
    'estatus_comonSit',
    'nombre_comunidad',
    'full_name',
    'nombre_region',
    // participation flags: coffee, honey, soap, worker, general
    'cafe',
    'miel',
    'yip',
    'trabajador',
    'comonSit',
    'rfc',
    // role labels: the cargo's and the cooperative posts' names
    'nombre_cargo',
    'nombres_cargo_coop',
  ],
  ordered: false,
  header: [
    'clave_socio',
    'region',
    'nombre_region',
    'comunidad',
    'nombre_comunidad',
    'nombres',
    'apellido_paterno',
    'apellido_materno',
    'full_name',
    'estatus_cafe',
    'estatus_miel',
    'estatus_yip',
    'estatus_trabajador',
    'estatus_comonSit',
    'cafe',
    'miel',
    'yip',
    'trabajador',
    'comonSit',
    'rfc',
    'cargo',
    'nombre_cargo',
    'cargo_coop',
    'nombres_cargo_coop',
    'curp',
    'telefono',
    'genero',
    'fecha_nacimiento',
    'fecha_ingr_yomol_atel',
    'fecha_ingr_programa',
  ],
  labeled: [
    'estatus_cafe',
    'estatus_miel',
    'estatus_yip',
    'estatus_trabajador',
    'estatus_comonSit',
    'genero',
  ],
};

/**
 * GET /comunidadesXLSX/. spec/000 §3 "Community": id, nombre_de_comunidad, region, ermita,
 * nombre_region, inegiLocalidad; spec/001 §3 "Community (for maps)" adds ermita_name and
 * ubicacion.
 */
export const COMMUNITY_EXPORT_COLUMNS: ExportColumns = {
  fromSpec: [
    'id',
    'nombre_de_comunidad',
    'region',
    'ermita',
    'nombre_region',
    'inegiLocalidad',
    'ermita_name',
    'ubicacion',
  ],
  ordered: false,
  header: [
    'id',
    'nombre_de_comunidad',
    'region',
    'nombre_region',
    'ermita',
    'ermita_name',
    'inegiLocalidad',
    'ubicacion',
  ],
  labeled: [],
};

/**
 * GET /ermitasXLSX/. spec/000 §3 "Hermitage": ermita_id, nombre, zona, interzona, municipio,
 * localidad, localidad_nota, ubicacion.
 */
export const HERMITAGE_EXPORT_COLUMNS: ExportColumns = {
  fromSpec: [
    'ermita_id',
    'nombre',
    'zona',
    'interzona',
    'municipio',
    'localidad',
    'localidad_nota',
    'ubicacion',
  ],
  ordered: true,
  header: [
    'ermita_id',
    'nombre',
    'zona',
    'interzona',
    'municipio',
    'localidad',
    'localidad_nota',
    'ubicacion',
  ],
  labeled: [],
};

/**
 * GET /contratosXLSX/. spec/001 §2 "Credits list", in its order: id, member key, name, region,
 * start date, due date, term (plazo_disp, "6" or "6+2": docs/business-rules.md#contracts), rate,
 * late rate, status, execution status, amount, paid, pending capital, ordinary interest, late
 * interest, total debt; "another reading also lists" life of credit, days in current portfolio,
 * days overdue. Added here: region and community names, community, proceso, tipo_credito,
 * tipo_tasa, and the bank data.
 */
export const CONTRACT_EXPORT_COLUMNS: ExportColumns = {
  fromSpec: [
    'id',
    'clave_socio',
    'nombres',
    'region',
    'fecha_inicio',
    'fecha_vencimiento',
    'plazo_disp',
    'tasa',
    'tasa_moratoria',
    'estatus',
    'estatus_ejecucion',
    'monto',
    'pagado',
    'capital_por_pagar',
    'interes_ordinario_deuda',
    'interes_moratorio_deuda',
    'total_deuda',
    'dias_vida',
    'dias_cartera_vigente',
    'dias_vencidos',
  ],
  ordered: true,
  header: [
    'id',
    'clave_socio',
    'nombres',
    'region',
    'nombre_region',
    'comunidad',
    'nombre_comunidad',
    'proceso',
    'tipo_credito',
    'fecha_inicio',
    'fecha_vencimiento',
    'plazo_disp',
    'tasa',
    'tasa_moratoria',
    'tipo_tasa',
    'estatus',
    'estatus_ejecucion',
    'monto',
    'pagado',
    'capital_por_pagar',
    'interes_ordinario_deuda',
    'interes_moratorio_deuda',
    'total_deuda',
    'dias_vida',
    'dias_cartera_vigente',
    'dias_vencidos',
    'fecha_banco',
    'referencia_banco',
  ],
  labeled: ['proceso', 'tipo_credito', 'tipo_tasa', 'estatus', 'estatus_ejecucion'],
};

/**
 * GET /pagosXLSX/. spec/001 §3 "Payment": id, credito, fecha_pago, cantidad, autor, interes_ord,
 * interes_mor, abono_capital, fecha_banco, referencia_banco, estatus_previo and the four
 * deuda_prev_*; "list also shows tipo, nombres, region". The spec's `autor` (a user id) is
 * written as the author's name, nombre_autor; added: clave_socio and the region's name.
 */
export const PAYMENT_EXPORT_COLUMNS: ExportColumns = {
  fromSpec: [
    'id',
    'credito',
    'fecha_pago',
    'cantidad',
    'interes_ord',
    'interes_mor',
    'abono_capital',
    'fecha_banco',
    'referencia_banco',
    'estatus_previo',
    'deuda_prev_total',
    'deuda_prev_int_ord',
    'deuda_prev_int_mor',
    'deuda_prev_capital',
    'tipo',
    'nombres',
    'region',
  ],
  ordered: false,
  header: [
    'id',
    'credito',
    'tipo',
    'clave_socio',
    'nombres',
    'region',
    'nombre_region',
    'fecha_pago',
    'cantidad',
    'abono_capital',
    'interes_ord',
    'interes_mor',
    'estatus_previo',
    'deuda_prev_total',
    'deuda_prev_capital',
    'deuda_prev_int_ord',
    'deuda_prev_int_mor',
    'fecha_banco',
    'referencia_banco',
    'nombre_autor',
    'recibo',
    'recibo_codigo',
  ],
  labeled: ['tipo', 'estatus_previo'],
};

/**
 * GET /movimientos-conc-xlsx/. spec/001 §3 "Movimiento": id, nombre_socio, fecha_entrega,
 * monto, proceso, aportacion, ordinario, tipo_de_movimiento, fecha_banco, referencia_banco,
 * responsable_entrega, clave_socio. Added: the member's region and community with their names
 * (the group tab filters by them).
 */
export const MOVEMENT_EXPORT_COLUMNS: ExportColumns = {
  fromSpec: [
    'id',
    'nombre_socio',
    'fecha_entrega',
    'monto',
    'proceso',
    'aportacion',
    'ordinario',
    'tipo_de_movimiento',
    'fecha_banco',
    'referencia_banco',
    'responsable_entrega',
    'clave_socio',
  ],
  ordered: false,
  header: [
    'id',
    'clave_socio',
    'nombre_socio',
    'region',
    'nombre_region',
    'comunidad',
    'nombre_comunidad',
    'fecha_entrega',
    'monto',
    'proceso',
    'aportacion',
    'ordinario',
    'tipo_de_movimiento',
    'fecha_banco',
    'referencia_banco',
    'responsable_entrega',
    'recibo',
    'recibo_codigo',
  ],
  labeled: ['proceso', 'tipo_de_movimiento'],
};

/**
 * GET /acopiosXLSX/. spec/001 §2 "Collections", in its order: id, member key, name, region,
 * community, date, income, product type, kilos. Added: the region's and community's names.
 */
export const ACOPIO_EXPORT_COLUMNS: ExportColumns = {
  fromSpec: [
    'id',
    'clave_socio',
    'nombre_socio',
    'region',
    'comunidad',
    'fecha',
    'ingreso',
    'tipo_de_producto',
    'kilos_de_producto',
  ],
  ordered: true,
  header: [
    'id',
    'clave_socio',
    'nombre_socio',
    'region',
    'nombre_region',
    'comunidad',
    'nombre_comunidad',
    'fecha',
    'ingreso',
    'tipo_de_producto',
    'kilos_de_producto',
    'recibo',
    'recibo_codigo',
  ],
  labeled: ['tipo_de_producto'],
};

/**
 * GET /registros-contables-xlsx/. docs/business-rules.md#other-areas, in its order: the list's
 * fecha, sub-account accounting id and name, human reference, cantidad and ingr_egr; "the XLSX
 * add[s] bank reference, alphanumeric reference, capture timestamp, user, bank account and bank
 * name". Added: the record's id first.
 */
export const RECORD_EXPORT_COLUMNS: ExportColumns = {
  fromSpec: [
    'fecha',
    'subcuenta_id_cont',
    'subcuenta_nombre',
    'referencia',
    'cantidad',
    'ingr_egr',
    'referencia_banco',
    'referencia_alf',
    'fecha_captura',
    'usuario',
    'banco_cuenta',
    'banco_nombre',
  ],
  ordered: true,
  header: [
    'id',
    'fecha',
    'subcuenta_id_cont',
    'subcuenta_nombre',
    'referencia',
    'cantidad',
    'ingr_egr',
    'referencia_banco',
    'referencia_alf',
    'fecha_captura',
    'usuario',
    'banco_cuenta',
    'banco_nombre',
  ],
  labeled: [],
};
