/**
 * What the importer reads from the original's database (its tables: docs/import.md): one query
 * and one row schema per table, in the import order of the fact sheet. Numerics are read
 * as text (exact), geometries as GeoJSON through `ST_AsGeoJSON` (works for geometry and
 * geography alike, so the importer needs no PostGIS of its own), and only the columns this
 * product keeps. A row that does not fit its schema is skipped as unreadable, never guessed.
 */
import * as z from 'zod';
import type { ImportLog } from './log.ts';
import { readJsonRows, type SourceDb } from './source.ts';

const int = z.number().int();
const text = z.string();
const decimal = z.string();
/** A `date` as json_agg writes it: 'YYYY-MM-DD', or 'infinity', or a BC date; checked later. */
const day = z.string();
const instant = z.string();
const bool = z.boolean();
const geometry = z.unknown();

/** A geometry column as GeoJSON, or NULL when the database has no ST_AsGeoJSON. */
type Geo = (column: string) => string;

interface TableSpec<S extends z.ZodType> {
  /** Primary key column (named in reports). */
  key: string;
  select(geo: Geo): string;
  row: S;
}

const spec = <S extends z.ZodType>(s: TableSpec<S>) => s;

export const ORIGINAL_TABLES = {
  tsumbalil_region: spec({
    key: 'id',
    select: (geo) =>
      `SELECT id, nombre_de_region, ${geo('poly')} AS poly FROM tsumbalil_region ORDER BY id`,
    row: z.object({ id: int, nombre_de_region: text, poly: geometry }),
  }),
  ermitas_interzona: spec({
    key: 'interzona_id',
    select: () => `SELECT interzona_id, nombre FROM ermitas_interzona ORDER BY interzona_id`,
    row: z.object({ interzona_id: int, nombre: text }),
  }),
  ermitas_zona: spec({
    key: 'zona_id',
    select: (geo) =>
      `SELECT zona_id, nombre, ${geo('poly')} AS poly, ${geo('poly_encuesta')} AS poly_encuesta,
         interzona_id FROM ermitas_zona ORDER BY zona_id`,
    row: z.object({
      zona_id: int,
      nombre: text,
      poly: geometry,
      poly_encuesta: geometry,
      interzona_id: int,
    }),
  }),
  ermitas_municipio: spec({
    key: 'municipio_id',
    select: () => `SELECT municipio_id, nombre FROM ermitas_municipio ORDER BY municipio_id`,
    row: z.object({ municipio_id: int, nombre: text }),
  }),
  ermitas_inegilocalidad: spec({
    key: 'localidad_id',
    select: (geo) =>
      `SELECT localidad_id, clave, nombre, ${geo('ubicacion')} AS ubicacion, municipio_id
         FROM ermitas_inegilocalidad ORDER BY localidad_id`,
    row: z.object({
      localidad_id: int,
      clave: int,
      nombre: text,
      ubicacion: geometry,
      municipio_id: int,
    }),
  }),
  ermitas_ermita: spec({
    key: 'ermita_id',
    select: () =>
      `SELECT ermita_id, nombre, localidad_nota, localidad_id, municipio_id, zona_id
         FROM ermitas_ermita ORDER BY ermita_id`,
    row: z.object({
      ermita_id: int,
      nombre: text,
      localidad_nota: text,
      localidad_id: int.nullable(),
      municipio_id: int,
      zona_id: int,
    }),
  }),
  tsumbalil_comunidad: spec({
    key: 'id',
    select: () =>
      `SELECT id, nombre_de_comunidad, ermita_id, inegi_extra_id, region_id
         FROM tsumbalil_comunidad ORDER BY id`,
    row: z.object({
      id: int,
      nombre_de_comunidad: text,
      ermita_id: int.nullable(),
      inegi_extra_id: int.nullable(),
      region_id: int.nullable(),
    }),
  }),
  tsumbalil_cargo: spec({
    key: 'id',
    select: () => `SELECT id, nombre_de_cargo AS nombre FROM tsumbalil_cargo ORDER BY id`,
    row: z.object({ id: int, nombre: text }),
  }),
  tsumbalil_cargocoop: spec({
    key: 'id',
    select: () => `SELECT id, nombre_cargo_coop AS nombre FROM tsumbalil_cargocoop ORDER BY id`,
    row: z.object({ id: int, nombre: text }),
  }),
  tsumbalil_empresa: spec({
    key: 'id',
    select: () => `SELECT id, nombre_empresa AS nombre FROM tsumbalil_empresa ORDER BY id`,
    row: z.object({ id: int, nombre: text }),
  }),
  tsumbalil_fuente: spec({
    key: 'id',
    select: () => `SELECT id, fuente AS nombre FROM tsumbalil_fuente ORDER BY id`,
    row: z.object({ id: int, nombre: text }),
  }),
  tsumbalil_puesto_trabajo: spec({
    key: 'id',
    select: () => `SELECT id, puesto AS nombre FROM tsumbalil_puesto_trabajo ORDER BY id`,
    row: z.object({ id: int, nombre: text }),
  }),
  socios_socio: spec({
    key: 'clave_socio',
    select: () =>
      `SELECT clave_socio, nombres, apellido_paterno, apellido_materno, curp, telefono,
         fecha_nacimiento, fecha_ingr_yomol_atel, fecha_ingr_programa, clave_anterior, genero,
         estatus_cafe, estatus_miel, estatus_yip, estatus_trabajador,
         "estatus_comonSit" AS estatus_comon_sit, doc_curp, doc_act_nac, doc_ine, doc_domicilio,
         doc_rfc, created, cargo_id, comunidad_id, empresa_id, fuente_id, puesto_id
         FROM socios_socio ORDER BY clave_socio`,
    row: z.object({
      clave_socio: int,
      nombres: text,
      apellido_paterno: text,
      apellido_materno: text.nullable(),
      curp: text,
      telefono: text.nullable(),
      fecha_nacimiento: day.nullable(),
      fecha_ingr_yomol_atel: day.nullable(),
      fecha_ingr_programa: day.nullable(),
      clave_anterior: text.nullable(),
      genero: text,
      estatus_cafe: text,
      estatus_miel: text,
      estatus_yip: text,
      estatus_trabajador: text,
      estatus_comon_sit: text,
      doc_curp: bool,
      doc_act_nac: bool,
      doc_ine: bool,
      doc_domicilio: bool,
      doc_rfc: bool,
      created: instant,
      cargo_id: int.nullable(),
      comunidad_id: int,
      empresa_id: int.nullable(),
      fuente_id: int.nullable(),
      puesto_id: int.nullable(),
    }),
  }),
  socios_socio_cargo_coop: spec({
    key: 'id',
    select: () =>
      `SELECT id, socio_id, cargocoop_id FROM socios_socio_cargo_coop ORDER BY socio_id, id`,
    row: z.object({ id: int, socio_id: int, cargocoop_id: int }),
  }),
  users_user: spec({
    key: 'id',
    select: () =>
      `SELECT id, password, username, first_name, last_name, email, is_active, date_joined,
         role, phone, clave_socio_id FROM users_user ORDER BY id`,
    row: z.object({
      id: int,
      password: text,
      username: text,
      first_name: text,
      last_name: text,
      email: text,
      is_active: bool,
      date_joined: instant,
      role: text,
      phone: text,
      clave_socio_id: int.nullable(),
    }),
  }),
  solicitudes_solicitudcredito: spec({
    key: 'folio_solicitud',
    select: () =>
      `SELECT folio_solicitud, fecha_solicitud, proceso, tipo_credito, act_productiva,
         act_productiva_otro, mot_credito, mot_credito_otro, emergencia_medica,
         monto_solicitado::text AS monto_solicitado, plazo_de_pago_solicitado, estatus_solicitud,
         estatus_evaluacion, justificacion_credito, pregunta_1, pregunta_2, pregunta_3,
         pregunta_4, irregularidades, familiar_responsable, aval_id, clave_socio_id, promotor_id
         FROM solicitudes_solicitudcredito ORDER BY folio_solicitud`,
    row: z.object({
      folio_solicitud: int,
      fecha_solicitud: day,
      proceso: text,
      tipo_credito: text,
      act_productiva: text,
      act_productiva_otro: text.nullable(),
      mot_credito: text,
      mot_credito_otro: text.nullable(),
      emergencia_medica: bool,
      monto_solicitado: decimal,
      plazo_de_pago_solicitado: int,
      estatus_solicitud: text,
      estatus_evaluacion: text,
      justificacion_credito: text,
      pregunta_1: bool.nullable(),
      pregunta_2: bool.nullable(),
      pregunta_3: bool.nullable(),
      pregunta_4: bool.nullable(),
      irregularidades: text,
      familiar_responsable: text,
      aval_id: int,
      clave_socio_id: int,
      promotor_id: int,
    }),
  }),
  solicitudes_chatsolicitudcredito: spec({
    key: 'id',
    select: () =>
      `SELECT id, comentario, fecha, solicitud_id, user_id
         FROM solicitudes_chatsolicitudcredito ORDER BY id`,
    row: z.object({
      id: int,
      comentario: text,
      fecha: instant,
      solicitud_id: int,
      user_id: int,
    }),
  }),
  contratos_contratocredito: spec({
    key: 'id',
    select: () =>
      `SELECT id, fecha_inicio, fecha_final, monto::text AS monto, plazo, tasa::text AS tasa,
         tasa_moratoria::text AS tasa_moratoria, tipo_tasa, prorroga, estatus, referencia_banco,
         fecha_banco, estatus_ejecucion, clave_socio_id, solicitud_id, prorroga_justificacion,
         fondo_comun FROM contratos_contratocredito ORDER BY id`,
    row: z.object({
      id: int,
      fecha_inicio: day.nullable(),
      fecha_final: day.nullable(),
      monto: decimal,
      plazo: int,
      tasa: decimal,
      tasa_moratoria: decimal,
      tipo_tasa: text,
      prorroga: int,
      estatus: text,
      referencia_banco: text.nullable(),
      fecha_banco: day.nullable(),
      estatus_ejecucion: text,
      clave_socio_id: int,
      solicitud_id: int,
      prorroga_justificacion: text.nullable(),
      fondo_comun: bool,
    }),
  }),
  pagos_pago: spec({
    key: 'id',
    select: () =>
      `SELECT id, fecha_pago, cantidad::text AS cantidad, fecha_banco, referencia_banco,
         interes_ord::text AS interes_ord, interes_mor::text AS interes_mor,
         abono_capital::text AS abono_capital, estatus_previo,
         deuda_prev_total::text AS deuda_prev_total, deuda_prev_capital::text AS deuda_prev_capital,
         deuda_prev_int_ord::text AS deuda_prev_int_ord,
         deuda_prev_int_mor::text AS deuda_prev_int_mor, autor_id, credito_id
         FROM pagos_pago ORDER BY id`,
    row: z.object({
      id: int,
      fecha_pago: day,
      cantidad: decimal,
      fecha_banco: day.nullable(),
      referencia_banco: text.nullable(),
      interes_ord: decimal.nullable(),
      interes_mor: decimal.nullable(),
      abono_capital: decimal.nullable(),
      estatus_previo: text,
      deuda_prev_total: decimal.nullable(),
      deuda_prev_capital: decimal.nullable(),
      deuda_prev_int_ord: decimal.nullable(),
      deuda_prev_int_mor: decimal.nullable(),
      autor_id: int,
      credito_id: int,
    }),
  }),
  pagos_condonacion: spec({
    key: 'id',
    select: () =>
      `SELECT id, fecha_condonacion, cantidad::text AS cantidad, interes_ord::text AS interes_ord,
         interes_mor::text AS interes_mor, estatus_previo, justificacion, autor_id, credito_id
         FROM pagos_condonacion ORDER BY id`,
    row: z.object({
      id: int,
      fecha_condonacion: day,
      cantidad: decimal,
      interes_ord: decimal.nullable(),
      interes_mor: decimal.nullable(),
      estatus_previo: text,
      justificacion: text,
      autor_id: int,
      credito_id: int,
    }),
  }),
  acopios_acopio: spec({
    key: 'id',
    select: () =>
      `SELECT id, fecha, ingreso::text AS ingreso, kilos_de_producto::text AS kilos_de_producto,
         tipo_de_producto, clave_socio_id FROM acopios_acopio ORDER BY id`,
    row: z.object({
      id: int,
      fecha: day,
      ingreso: decimal,
      kilos_de_producto: decimal.nullable(),
      tipo_de_producto: text,
      clave_socio_id: int,
    }),
  }),
  movimientos_movimiento: spec({
    key: 'id',
    select: () =>
      `SELECT id, fecha_entrega, monto::text AS monto, proceso, aportacion, ordinario,
         tipo_de_movimiento, responsable_entrega, fecha_banco, referencia_banco, autor_id,
         clave_socio_id FROM movimientos_movimiento ORDER BY id`,
    row: z.object({
      id: int,
      fecha_entrega: day,
      monto: decimal,
      proceso: text,
      aportacion: bool,
      ordinario: bool.nullable(),
      tipo_de_movimiento: text,
      responsable_entrega: text,
      fecha_banco: day.nullable(),
      referencia_banco: text.nullable(),
      autor_id: int,
      clave_socio_id: int,
    }),
  }),
  bancos_banco: spec({
    key: 'id',
    select: () =>
      `SELECT id, nombre_banco, nombre_cuenta, numero_cuenta, clabe, externo
         FROM bancos_banco ORDER BY id`,
    row: z.object({
      id: int,
      nombre_banco: text,
      nombre_cuenta: text,
      numero_cuenta: text,
      clabe: text,
      externo: bool,
    }),
  }),
  bancos_subcuenta: spec({
    key: 'id',
    select: () =>
      `SELECT id, nombre, id_contable, tipo, sistema, banco_id FROM bancos_subcuenta ORDER BY id`,
    row: z.object({
      id: int,
      nombre: text,
      id_contable: text,
      tipo: text,
      sistema: bool,
      banco_id: int,
    }),
  }),
  bancos_movimientobanco: spec({
    key: 'id',
    select: () =>
      `SELECT id, referencia_banco, fecha, cantidad::text AS cantidad, referencia_alf, fecha_auto,
         usuario_id FROM bancos_movimientobanco ORDER BY id`,
    row: z.object({
      id: int,
      referencia_banco: text,
      fecha: day,
      cantidad: decimal,
      referencia_alf: text.nullable(),
      fecha_auto: instant,
      usuario_id: int,
    }),
  }),
  bancos_registrocontable: spec({
    key: 'id',
    select: () =>
      `SELECT id, cantidad::text AS cantidad, ingr_egr, aport_retiro_id, ej_credito_id,
         movimiento_banco_id, pago_id, subcuenta_id FROM bancos_registrocontable ORDER BY id`,
    row: z.object({
      id: int,
      cantidad: decimal,
      ingr_egr: bool,
      aport_retiro_id: int.nullable(),
      ej_credito_id: int.nullable(),
      movimiento_banco_id: int,
      pago_id: int.nullable(),
      subcuenta_id: int,
    }),
  }),
} as const;

export type OriginalTable = keyof typeof ORIGINAL_TABLES;
export type OriginalRow<T extends OriginalTable> = z.infer<(typeof ORIGINAL_TABLES)[T]['row']>;
export type OriginalData = { [T in OriginalTable]: OriginalRow<T>[] };

function keyOf(raw: unknown, key: string): string | number {
  if (typeof raw === 'object' && raw !== null && key in raw) {
    const value: unknown = Reflect.get(raw, key);
    if (typeof value === 'number' || typeof value === 'string') return value;
  }
  return '?';
}

async function readTable<S extends z.ZodType>(
  source: SourceDb,
  table: OriginalTable,
  { key, select, row }: TableSpec<S>,
  geo: Geo,
  log: ImportLog,
): Promise<z.infer<S>[]> {
  const out: z.infer<S>[] = [];
  for (const raw of await readJsonRows(source, select(geo))) {
    const parsed = row.safeParse(raw);
    if (parsed.success) out.push(parsed.data);
    else {
      const issue = parsed.error.issues[0];
      log.skip(table, keyOf(raw, key), 'unreadable', `${issue?.path.join('.')}: ${issue?.message}`);
    }
  }
  return out;
}

/** The original tables this database lacks (older versions of the original had fewer apps). */
export async function absentTables(source: SourceDb): Promise<OriginalTable[]> {
  const names = Object.keys(ORIGINAL_TABLES);
  const rows = await readJsonRows(
    source,
    `SELECT name FROM unnest(ARRAY[${names.map((n) => `'${n}'`).join(', ')}]) AS name
       WHERE to_regclass(name) IS NULL`,
  );
  const absent = new Set(
    rows.map((row) => (typeof row === 'object' && row !== null ? Reflect.get(row, 'name') : null)),
  );
  return (Object.keys(ORIGINAL_TABLES) as OriginalTable[]).filter((table) => absent.has(table));
}

/**
 * Every table, in import order; `withGeometry` false reads geometries as NULL. A table the
 * database lacks (an older original) is read as empty and named in the log.
 */
export async function readOriginal(
  source: SourceDb,
  log: ImportLog,
  options: { withGeometry: boolean; onTable?: (table: OriginalTable, rows: number) => void },
): Promise<OriginalData> {
  const geo: Geo = options.withGeometry
    ? (column) => `ST_AsGeoJSON(${column})::json`
    : () => 'NULL::json';
  const absent = new Set(await absentTables(source));
  for (const table of absent) log.missingTables.push(table);
  const read = async <S extends z.ZodType>(
    table: OriginalTable,
    spec: TableSpec<S>,
  ): Promise<z.infer<S>[]> => {
    if (absent.has(table)) {
      log.note(table, '-', 'table absent in this original (an older version): read as empty');
      options.onTable?.(table, 0);
      return [];
    }
    const rows = await readTable(source, table, spec, geo, log);
    options.onTable?.(table, rows.length);
    return rows;
  };
  return {
    tsumbalil_region: await read('tsumbalil_region', ORIGINAL_TABLES.tsumbalil_region),
    ermitas_interzona: await read('ermitas_interzona', ORIGINAL_TABLES.ermitas_interzona),
    ermitas_zona: await read('ermitas_zona', ORIGINAL_TABLES.ermitas_zona),
    ermitas_municipio: await read('ermitas_municipio', ORIGINAL_TABLES.ermitas_municipio),
    ermitas_inegilocalidad: await read(
      'ermitas_inegilocalidad',
      ORIGINAL_TABLES.ermitas_inegilocalidad,
    ),
    ermitas_ermita: await read('ermitas_ermita', ORIGINAL_TABLES.ermitas_ermita),
    tsumbalil_comunidad: await read('tsumbalil_comunidad', ORIGINAL_TABLES.tsumbalil_comunidad),
    tsumbalil_cargo: await read('tsumbalil_cargo', ORIGINAL_TABLES.tsumbalil_cargo),
    tsumbalil_cargocoop: await read('tsumbalil_cargocoop', ORIGINAL_TABLES.tsumbalil_cargocoop),
    tsumbalil_empresa: await read('tsumbalil_empresa', ORIGINAL_TABLES.tsumbalil_empresa),
    tsumbalil_fuente: await read('tsumbalil_fuente', ORIGINAL_TABLES.tsumbalil_fuente),
    tsumbalil_puesto_trabajo: await read(
      'tsumbalil_puesto_trabajo',
      ORIGINAL_TABLES.tsumbalil_puesto_trabajo,
    ),
    socios_socio: await read('socios_socio', ORIGINAL_TABLES.socios_socio),
    socios_socio_cargo_coop: await read(
      'socios_socio_cargo_coop',
      ORIGINAL_TABLES.socios_socio_cargo_coop,
    ),
    users_user: await read('users_user', ORIGINAL_TABLES.users_user),
    solicitudes_solicitudcredito: await read(
      'solicitudes_solicitudcredito',
      ORIGINAL_TABLES.solicitudes_solicitudcredito,
    ),
    solicitudes_chatsolicitudcredito: await read(
      'solicitudes_chatsolicitudcredito',
      ORIGINAL_TABLES.solicitudes_chatsolicitudcredito,
    ),
    contratos_contratocredito: await read(
      'contratos_contratocredito',
      ORIGINAL_TABLES.contratos_contratocredito,
    ),
    pagos_pago: await read('pagos_pago', ORIGINAL_TABLES.pagos_pago),
    pagos_condonacion: await read('pagos_condonacion', ORIGINAL_TABLES.pagos_condonacion),
    acopios_acopio: await read('acopios_acopio', ORIGINAL_TABLES.acopios_acopio),
    movimientos_movimiento: await read(
      'movimientos_movimiento',
      ORIGINAL_TABLES.movimientos_movimiento,
    ),
    bancos_banco: await read('bancos_banco', ORIGINAL_TABLES.bancos_banco),
    bancos_subcuenta: await read('bancos_subcuenta', ORIGINAL_TABLES.bancos_subcuenta),
    bancos_movimientobanco: await read(
      'bancos_movimientobanco',
      ORIGINAL_TABLES.bancos_movimientobanco,
    ),
    bancos_registrocontable: await read(
      'bancos_registrocontable',
      ORIGINAL_TABLES.bancos_registrocontable,
    ),
  };
}
