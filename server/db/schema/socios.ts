/** Members (socios; docs/business-rules.md#members-and-communities). */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { captureStamps, replicated } from './columns.ts';
import { cargos, comunidades, empresas, fuentes, puestos } from './reference.ts';

const STATUS = sql.raw(`('AC','NP','BA')`);

export const socios = pgTable(
  'socios',
  {
    clave_socio: serial('clave_socio').primaryKey(),
    nombres: text('nombres').notNull(),
    apellido_paterno: text('apellido_paterno').notNull(),
    apellido_materno: text('apellido_materno').notNull().default(''),
    curp: text('curp'),
    telefono: text('telefono'),
    // Dates and cargo may be empty on a member imported from the original system, which did
    // not require them (docs/import.md); the member form still requires them.
    fecha_nacimiento: date('fecha_nacimiento', { mode: 'string' }),
    genero: text('genero').notNull().default('MA'),
    fecha_ingr_yomol_atel: date('fecha_ingr_yomol_atel', { mode: 'string' }),
    fecha_ingr_programa: date('fecha_ingr_programa', { mode: 'string' }),
    clave_anterior: text('clave_anterior'),
    comunidad: integer('comunidad')
      .notNull()
      .references(() => comunidades.id),
    cargo: integer('cargo').references(() => cargos.id),
    // Several cooperative posts per member. An id array instead of a join table: the whole
    // member (posts included) is one replicated row with one row_version, so the phone never
    // sees a member whose posts arrive in a later pull page. The API checks the ids exist.
    cargo_coop: integer('cargo_coop')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    empresa: integer('empresa').references(() => empresas.id),
    puesto: integer('puesto').references(() => puestos.id),
    fuente: integer('fuente').references(() => fuentes.id),
    estatus_cafe: text('estatus_cafe').notNull().default('NP'),
    estatus_miel: text('estatus_miel').notNull().default('NP'),
    estatus_yip: text('estatus_yip').notNull().default('NP'),
    estatus_trabajador: text('estatus_trabajador').notNull().default('NP'),
    estatus_comon_sit: text('estatus_comon_sit').notNull().default('NP'),
    doc_curp: boolean('doc_curp').notNull().default(false),
    doc_domicilio: boolean('doc_domicilio').notNull().default(false),
    doc_act_nac: boolean('doc_act_nac').notNull().default(false),
    doc_ine: boolean('doc_ine').notNull().default(false),
    doc_rfc: boolean('doc_rfc').notNull().default(false),
    rfc: text('rfc'),
    ...captureStamps(),
    ...replicated(),
  },
  (t) => [
    index('socios_comunidad_idx').on(t.comunidad),
    check('socios_genero', sql`${t.genero} IN ('MA','FE','OT')`),
    check('socios_estatus_cafe', sql`${t.estatus_cafe} IN ${STATUS}`),
    check('socios_estatus_miel', sql`${t.estatus_miel} IN ${STATUS}`),
    check('socios_estatus_yip', sql`${t.estatus_yip} IN ${STATUS}`),
    check('socios_estatus_trabajador', sql`${t.estatus_trabajador} IN ${STATUS}`),
    check('socios_estatus_comon_sit', sql`${t.estatus_comon_sit} IN ${STATUS}`),
  ],
);
