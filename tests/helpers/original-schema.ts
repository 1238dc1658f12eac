/**
 * The original system's business tables, written from the original's schema description (the
 * fact sheet): names, column order and types, NULL-ability, serial keys with their sequence
 * names, natural keys with their CHECKs, UNIQUEs, and foreign keys DEFERRABLE INITIALLY
 * DEFERRED without ON DELETE. Django's own tables are left out (they hold no business data).
 *
 * With `postgis` the geometry columns are PostGIS's; without (PGlite, or a server without the
 * extension) `geometry` and `geography` are domains over text holding GeoJSON, and
 * ST_AsGeoJSON / ST_GeomFromGeoJSON / ST_SetSRID are stand-ins that pass the text through, so
 * the importer's queries and the fixture's inserts are the same in both cases.
 */

export interface SqlClient {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

const STAND_INS = `
CREATE DOMAIN geometry AS text;
CREATE DOMAIN geography AS text;
CREATE FUNCTION st_asgeojson(text) RETURNS text LANGUAGE sql IMMUTABLE AS 'SELECT $1';
CREATE FUNCTION st_geomfromgeojson(text) RETURNS geometry LANGUAGE sql IMMUTABLE AS 'SELECT $1::geometry';
CREATE FUNCTION st_setsrid(geometry, integer) RETURNS geometry LANGUAGE sql IMMUTABLE AS 'SELECT $1';
`;

function geo(postgis: boolean, type: 'POLYGON' | 'MULTIPOLYGON' | 'POINT') {
  if (!postgis) return type === 'POINT' ? 'geography' : 'geometry';
  return type === 'POINT' ? 'geography(Point,4326)' : `geometry(${type},4326)`;
}

const fk = (table: string, key: string) =>
  `REFERENCES ${table} (${key}) DEFERRABLE INITIALLY DEFERRED`;

export function originalSchemaSql(options: { postgis: boolean }): string {
  const { postgis } = options;
  return `
${postgis ? '' : STAND_INS}
CREATE TABLE tsumbalil_region (
  id serial PRIMARY KEY,
  nombre_de_region varchar(40) NOT NULL,
  poly ${geo(postgis, 'POLYGON')} NULL
);
CREATE TABLE ermitas_interzona (
  interzona_id smallint PRIMARY KEY CHECK (interzona_id >= 0),
  nombre varchar(100) NOT NULL
);
CREATE TABLE ermitas_zona (
  zona_id smallint PRIMARY KEY CHECK (zona_id >= 0),
  nombre varchar(100) NOT NULL,
  poly ${geo(postgis, 'MULTIPOLYGON')} NULL,
  poly_encuesta ${geo(postgis, 'MULTIPOLYGON')} NULL,
  interzona_id smallint NOT NULL ${fk('ermitas_interzona', 'interzona_id')}
);
CREATE TABLE ermitas_municipio (
  municipio_id smallint PRIMARY KEY CHECK (municipio_id >= 0),
  nombre varchar(100) NOT NULL
);
CREATE TABLE ermitas_inegilocalidad (
  localidad_id integer PRIMARY KEY,
  clave integer NOT NULL,
  nombre varchar(100) NOT NULL,
  altitud integer NOT NULL,
  poblacion integer NOT NULL,
  ubicacion ${geo(postgis, 'POINT')} NOT NULL,
  municipio_id smallint NOT NULL ${fk('ermitas_municipio', 'municipio_id')}
);
CREATE TABLE ermitas_ermita (
  ermita_id smallint PRIMARY KEY CHECK (ermita_id >= 0),
  nombre varchar(100) NOT NULL,
  localidad_nota varchar(100) NOT NULL,
  localidad_id integer NULL ${fk('ermitas_inegilocalidad', 'localidad_id')},
  municipio_id smallint NOT NULL ${fk('ermitas_municipio', 'municipio_id')},
  zona_id smallint NOT NULL ${fk('ermitas_zona', 'zona_id')}
);
CREATE TABLE tsumbalil_comunidad (
  id serial PRIMARY KEY,
  nombre_de_comunidad varchar(50) NOT NULL,
  ermita_id smallint NULL ${fk('ermitas_ermita', 'ermita_id')},
  inegi_extra_id integer NULL ${fk('ermitas_inegilocalidad', 'localidad_id')},
  region_id integer NULL ${fk('tsumbalil_region', 'id')},
  UNIQUE (nombre_de_comunidad, region_id)
);
CREATE TABLE tsumbalil_cargo (id serial PRIMARY KEY, nombre_de_cargo varchar(40) NOT NULL);
CREATE TABLE tsumbalil_cargocoop (id serial PRIMARY KEY, nombre_cargo_coop varchar(40) NOT NULL);
CREATE TABLE tsumbalil_empresa (id serial PRIMARY KEY, nombre_empresa varchar(40) NOT NULL);
CREATE TABLE tsumbalil_fuente (id serial PRIMARY KEY, fuente varchar(40) NOT NULL);
CREATE TABLE tsumbalil_puesto_trabajo (id serial PRIMARY KEY, puesto varchar(40) NOT NULL);
CREATE TABLE socios_socio (
  clave_socio serial PRIMARY KEY,
  nombres varchar(30) NOT NULL,
  apellido_paterno varchar(50) NOT NULL,
  apellido_materno varchar(50) NULL,
  curp varchar(18) NOT NULL,
  telefono varchar(20) NULL,
  fecha_nacimiento date NULL,
  fecha_ingr_yomol_atel date NULL,
  fecha_ingr_programa date NULL,
  clave_anterior varchar(10) NULL,
  genero varchar(2) NOT NULL,
  estatus_cafe varchar(2) NOT NULL,
  estatus_miel varchar(2) NOT NULL,
  estatus_yip varchar(2) NOT NULL,
  estatus_trabajador varchar(2) NOT NULL,
  "estatus_comonSit" varchar(2) NOT NULL,
  doc_curp boolean NOT NULL,
  doc_act_nac boolean NOT NULL,
  doc_ine boolean NOT NULL,
  doc_domicilio boolean NOT NULL,
  doc_rfc boolean NOT NULL,
  created timestamptz NOT NULL,
  updated timestamptz NOT NULL,
  cargo_id integer NULL ${fk('tsumbalil_cargo', 'id')},
  comunidad_id integer NOT NULL ${fk('tsumbalil_comunidad', 'id')},
  empresa_id integer NULL ${fk('tsumbalil_empresa', 'id')},
  fuente_id integer NULL ${fk('tsumbalil_fuente', 'id')},
  puesto_id integer NULL ${fk('tsumbalil_puesto_trabajo', 'id')}
);
CREATE TABLE socios_socio_cargo_coop (
  id serial PRIMARY KEY,
  socio_id integer NOT NULL ${fk('socios_socio', 'clave_socio')},
  cargocoop_id integer NOT NULL ${fk('tsumbalil_cargocoop', 'id')},
  UNIQUE (socio_id, cargocoop_id)
);
CREATE TABLE users_user (
  id serial PRIMARY KEY,
  password varchar(128) NOT NULL,
  last_login timestamptz NULL,
  is_superuser boolean NOT NULL,
  username varchar(150) NOT NULL UNIQUE,
  first_name varchar(30) NOT NULL,
  last_name varchar(150) NOT NULL,
  email varchar(254) NOT NULL,
  is_staff boolean NOT NULL,
  is_active boolean NOT NULL,
  date_joined timestamptz NOT NULL,
  role varchar(2) NOT NULL,
  phone varchar(20) NOT NULL,
  clave_socio_id integer NULL ${fk('socios_socio', 'clave_socio')}
);
CREATE TABLE solicitudes_solicitudcredito (
  folio_solicitud serial PRIMARY KEY,
  fecha_solicitud date NOT NULL,
  proceso varchar(2) NOT NULL,
  tipo_credito varchar(2) NOT NULL,
  act_productiva varchar(2) NOT NULL,
  act_productiva_otro varchar(40) NULL,
  mot_credito varchar(2) NOT NULL,
  mot_credito_otro varchar(30) NULL,
  emergencia_medica boolean NOT NULL,
  monto_solicitado numeric(9,2) NOT NULL,
  plazo_de_pago_solicitado smallint NOT NULL CHECK (plazo_de_pago_solicitado >= 0),
  estatus_solicitud varchar(2) NOT NULL,
  estatus_evaluacion varchar(2) NOT NULL,
  justificacion_credito varchar(100) NOT NULL,
  pregunta_1 boolean NULL,
  pregunta_2 boolean NULL,
  pregunta_3 boolean NULL,
  pregunta_4 boolean NULL,
  irregularidades varchar(100) NOT NULL,
  familiar_responsable varchar(100) NOT NULL,
  aval_id integer NOT NULL ${fk('socios_socio', 'clave_socio')},
  clave_socio_id integer NOT NULL ${fk('socios_socio', 'clave_socio')},
  promotor_id integer NOT NULL ${fk('users_user', 'id')}
);
CREATE TABLE solicitudes_chatsolicitudcredito (
  id serial PRIMARY KEY,
  comentario varchar(100) NOT NULL,
  fecha timestamptz NOT NULL,
  solicitud_id integer NOT NULL ${fk('solicitudes_solicitudcredito', 'folio_solicitud')},
  user_id integer NOT NULL ${fk('users_user', 'id')}
);
CREATE TABLE contratos_contratocredito (
  id serial PRIMARY KEY,
  fecha_inicio date NULL,
  fecha_final date NULL,
  monto numeric(9,2) NOT NULL,
  plazo smallint NOT NULL CHECK (plazo >= 0),
  tasa numeric(7,4) NOT NULL,
  tasa_moratoria numeric(7,4) NOT NULL,
  tipo_tasa varchar(2) NOT NULL,
  prorroga smallint NOT NULL,
  estatus varchar(2) NOT NULL,
  referencia_banco varchar(20) NULL,
  fecha_banco date NULL,
  estatus_ejecucion varchar(2) NOT NULL,
  clave_socio_id integer NOT NULL ${fk('socios_socio', 'clave_socio')},
  solicitud_id integer NOT NULL UNIQUE ${fk('solicitudes_solicitudcredito', 'folio_solicitud')},
  prorroga_justificacion varchar(100) NULL,
  fondo_comun boolean NOT NULL
);
CREATE TABLE pagos_pago (
  id serial PRIMARY KEY,
  fecha_pago date NOT NULL,
  cantidad numeric(8,2) NOT NULL,
  fecha_banco date NULL,
  referencia_banco varchar(20) NULL,
  interes_ord numeric(8,2) NULL,
  interes_mor numeric(8,2) NULL,
  abono_capital numeric(8,2) NULL,
  estatus_previo varchar(2) NOT NULL,
  deuda_prev_total numeric(8,2) NULL,
  deuda_prev_capital numeric(8,2) NULL,
  deuda_prev_int_ord numeric(8,2) NULL,
  deuda_prev_int_mor numeric(8,2) NULL,
  autor_id integer NOT NULL ${fk('users_user', 'id')},
  credito_id integer NOT NULL ${fk('contratos_contratocredito', 'id')}
);
CREATE TABLE pagos_condonacion (
  id serial PRIMARY KEY,
  fecha_condonacion date NOT NULL,
  cantidad numeric(8,2) NOT NULL,
  interes_ord numeric(8,2) NULL,
  interes_mor numeric(8,2) NULL,
  estatus_previo varchar(2) NOT NULL,
  justificacion varchar(100) NOT NULL,
  autor_id integer NOT NULL ${fk('users_user', 'id')},
  credito_id integer NOT NULL UNIQUE ${fk('contratos_contratocredito', 'id')}
);
CREATE TABLE acopios_acopio (
  id serial PRIMARY KEY,
  fecha date NOT NULL,
  ingreso numeric(8,2) NOT NULL,
  kilos_de_producto numeric(8,2) NULL,
  tipo_de_producto varchar(2) NOT NULL,
  clave_socio_id integer NOT NULL ${fk('socios_socio', 'clave_socio')}
);
CREATE TABLE movimientos_movimiento (
  id serial PRIMARY KEY,
  fecha_entrega date NOT NULL,
  monto numeric(9,2) NOT NULL,
  proceso varchar(2) NOT NULL,
  aportacion boolean NOT NULL,
  ordinario boolean NULL,
  tipo_de_movimiento varchar(2) NOT NULL,
  responsable_entrega varchar(50) NOT NULL,
  fecha_banco date NULL,
  referencia_banco varchar(20) NULL,
  autor_id integer NOT NULL ${fk('users_user', 'id')},
  clave_socio_id integer NOT NULL ${fk('socios_socio', 'clave_socio')}
);
CREATE TABLE bancos_banco (
  id serial PRIMARY KEY,
  nombre_banco varchar(40) NOT NULL,
  nombre_cuenta varchar(40) NOT NULL,
  numero_cuenta varchar(100) NOT NULL,
  clabe varchar(18) NOT NULL,
  externo boolean NOT NULL
);
CREATE TABLE bancos_subcuenta (
  id serial PRIMARY KEY,
  nombre varchar(60) NOT NULL,
  id_contable varchar(40) NOT NULL,
  tipo varchar(2) NOT NULL,
  sistema boolean NOT NULL,
  banco_id integer NOT NULL ${fk('bancos_banco', 'id')}
);
CREATE TABLE bancos_movimientobanco (
  id serial PRIMARY KEY,
  referencia_banco varchar(20) NOT NULL UNIQUE,
  fecha date NOT NULL,
  cantidad numeric(8,2) NOT NULL,
  referencia_alf varchar(60) NULL,
  fecha_auto timestamptz NOT NULL,
  usuario_id integer NOT NULL ${fk('users_user', 'id')}
);
CREATE TABLE bancos_registrocontable (
  id serial PRIMARY KEY,
  cantidad numeric(8,2) NOT NULL,
  ingr_egr boolean NOT NULL,
  aport_retiro_id integer NULL ${fk('movimientos_movimiento', 'id')},
  ej_credito_id integer NULL ${fk('contratos_contratocredito', 'id')},
  movimiento_banco_id integer NOT NULL ${fk('bancos_movimientobanco', 'id')},
  pago_id integer NULL ${fk('pagos_pago', 'id')},
  subcuenta_id integer NOT NULL ${fk('bancos_subcuenta', 'id')}
);
`;
}

/** Geometry columns of the original and how a GeoJSON text becomes one. */
const GEOMETRY: Record<string, string> = {
  'tsumbalil_region.poly': 'ST_SetSRID(ST_GeomFromGeoJSON(:v), 4326)',
  'ermitas_zona.poly': 'ST_SetSRID(ST_GeomFromGeoJSON(:v), 4326)',
  'ermitas_zona.poly_encuesta': 'ST_SetSRID(ST_GeomFromGeoJSON(:v), 4326)',
  'ermitas_inegilocalidad.ubicacion': 'ST_SetSRID(ST_GeomFromGeoJSON(:v), 4326)::geography',
};

export type OriginalRows = Record<string, Record<string, unknown>[]>;

/**
 * Insert rows table by table (multi-row INSERTs of up to 500 rows). Geometry values are GeoJSON
 * objects; column names are the original's (quote "estatus_comonSit").
 */
export async function insertOriginalRows(db: SqlClient, rows: OriginalRows): Promise<void> {
  for (const [table, list] of Object.entries(rows)) {
    for (let start = 0; start < list.length; start += 500) {
      const chunk = list.slice(start, start + 500);
      const columns = Object.keys(chunk[0]!);
      const params: unknown[] = [];
      const tuples = chunk.map((row) => {
        const values = columns.map((column) => {
          const value = row[column];
          const converter = GEOMETRY[`${table}.${column}`];
          if (converter && value !== null && value !== undefined) {
            params.push(JSON.stringify(value));
            return converter.replace(':v', `$${params.length}::text`);
          }
          params.push(value ?? null);
          return `$${params.length}`;
        });
        return `(${values.join(', ')})`;
      });
      const names = columns.map((c) => (c === 'estatus_comonSit' ? '"estatus_comonSit"' : c));
      await db.query(
        `INSERT INTO ${table} (${names.join(', ')}) VALUES ${tuples.join(', ')}`,
        params,
      );
    }
  }
}

/** Move every serial sequence past the ids inserted explicitly (as a real database would be). */
export async function advanceOriginalSequences(db: SqlClient): Promise<void> {
  await db.query(`DO $$
    DECLARE r record;
    BEGIN
      FOR r IN SELECT c.relname AS t, a.attname AS col
               FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
               WHERE c.relkind = 'r' AND pg_get_serial_sequence(c.relname::text, a.attname::text) IS NOT NULL
                 AND c.relnamespace = 'public'::regnamespace
      LOOP
        EXECUTE format('SELECT setval(pg_get_serial_sequence(%L, %L), coalesce(max(%I), 0) + 1, false) FROM %I',
                       r.t, r.col, r.col, r.t);
      END LOOP;
    END $$`);
}
