/**
 * Reference lists, members (with their cooperative posts, a join table in the original and an
 * id array on the member here) and user accounts. Members keep their number (clave_socio),
 * users their id, username and password hash: the login accepts the original's Django hashes
 * and replaces each with this product's own on its first success (server/auth/password.ts).
 */
import { sql } from 'drizzle-orm';
import { GENDERS, MEMBER_STATUSES } from '#domain/codes';
import { ROLES } from '#domain/roles';
import { cargos, cargosCoop, empresas, fuentes, puestos, socios, users } from '#server/db/schema';
import type { IsoDate } from '#domain/dates';
import { emptyToNull, plausibleDate, RowCheck } from './checks.ts';
import type { MapContext } from './context.ts';
import { optionalLink } from './map-places.ts';
import type { OriginalData, OriginalRow, OriginalTable } from './original.ts';
import { defineStep, type Step } from './step.ts';
import type { KeyedRow } from './upsert.ts';

type ListTable =
  typeof cargos | typeof cargosCoop | typeof empresas | typeof fuentes | typeof puestos;

function listStep<T extends ListTable>(
  source: OriginalTable,
  table: T,
  rowsOf: (data: OriginalData) => readonly { id: number; nombre: string }[],
  row: (id: number, nombre: string) => T['$inferInsert'],
): Step {
  return defineStep({
    source,
    table,
    key: table.id,
    map: (ctx) => rowsOf(ctx.data).map(({ id, nombre }) => ({ id, row: row(id, nombre) })),
  });
}

export const referenceListSteps: Step[] = [
  listStep(
    'tsumbalil_cargo',
    cargos,
    (d) => d.tsumbalil_cargo,
    (id, nombre) => ({ id, nombre_de_cargo: nombre }),
  ),
  listStep(
    'tsumbalil_cargocoop',
    cargosCoop,
    (d) => d.tsumbalil_cargocoop,
    (id, nombre) => ({ id, nombre_cargo_coop: nombre }),
  ),
  listStep(
    'tsumbalil_empresa',
    empresas,
    (d) => d.tsumbalil_empresa,
    (id, nombre) => ({ id, nombre_empresa: nombre }),
  ),
  listStep(
    'tsumbalil_fuente',
    fuentes,
    (d) => d.tsumbalil_fuente,
    (id, fuente) => ({ id, fuente }),
  ),
  listStep(
    'tsumbalil_puesto_trabajo',
    puestos,
    (d) => d.tsumbalil_puesto_trabajo,
    (id, puesto) => ({ id, puesto }),
  ),
];

/**
 * Each member's cooperative posts from the join table (its rows by member). A row naming a post
 * that is not imported, or a member that does not exist, is skipped here; the rows of a member
 * skipped later are skipped with it.
 */
function cooperativePosts(ctx: MapContext): Map<number, { posts: number[]; rows: number[] }> {
  const posts = ctx.ids('tsumbalil_cargocoop');
  const members = ctx.ids('socios_socio');
  const byMember = new Map<number, { posts: number[]; rows: number[] }>();
  for (const r of ctx.data.socios_socio_cargo_coop) {
    const check = new RowCheck();
    check.ref(posts, r.cargocoop_id);
    if (!members.read.has(r.socio_id))
      check.fail('missing-reference', `member ${r.socio_id} does not exist`);
    if (check.failed) {
      ctx.log.skip('socios_socio_cargo_coop', r.id, check.reason, check.detail);
      continue;
    }
    const entry = byMember.get(r.socio_id) ?? { posts: [], rows: [] };
    if (!entry.posts.includes(r.cargocoop_id)) entry.posts.push(r.cargocoop_id);
    entry.rows.push(r.id);
    byMember.set(r.socio_id, entry);
  }
  for (const entry of byMember.values()) entry.posts.sort((a, b) => a - b);
  return byMember;
}

/**
 * A date or cargo the original left empty (it did not require them), or one this product
 * cannot hold (an implausible date, a cargo that is not imported): the member is imported with
 * the field empty and listed as incomplete, never skipped (docs/import.md).
 */
function completable(ctx: MapContext, r: OriginalRow<'socios_socio'>) {
  const lacks: string[] = [];
  const day = (field: string, value: string | null): IsoDate | null => {
    if (value === null) {
      lacks.push(`${field} empty`);
      return null;
    }
    if (!plausibleDate(value)) {
      lacks.push(`${field} ${value} is not a plausible date (left empty)`);
      return null;
    }
    return value;
  };
  const dates = {
    fecha_nacimiento: day('fecha_nacimiento', r.fecha_nacimiento),
    fecha_ingr_yomol_atel: day('fecha_ingr_yomol_atel', r.fecha_ingr_yomol_atel),
    fecha_ingr_programa: day('fecha_ingr_programa', r.fecha_ingr_programa),
  };
  const cargos = ctx.ids('tsumbalil_cargo');
  let cargo: number | null = r.cargo_id;
  if (cargo === null) lacks.push('cargo_id empty');
  else if (!cargos.imported.has(cargo)) {
    lacks.push(
      `cargo ${cargo} ${cargos.read.has(cargo) ? 'was skipped' : 'does not exist'} (left empty)`,
    );
    cargo = null;
  }
  return {
    values: { ...dates, cargo },
    lacks,
  };
}

export const sociosStep = defineStep({
  source: 'socios_socio',
  table: socios,
  key: socios.clave_socio,
  map(ctx) {
    const posts = cooperativePosts(ctx);
    const rows: KeyedRow<typeof socios>[] = [];
    for (const r of ctx.data.socios_socio) {
      const c = new RowCheck();
      const id = r.clave_socio;
      const optional = completable(ctx, r);
      const row = {
        clave_socio: id,
        nombres: r.nombres,
        apellido_paterno: r.apellido_paterno,
        apellido_materno: r.apellido_materno ?? '',
        curp: emptyToNull(r.curp),
        telefono: emptyToNull(r.telefono),
        ...optional.values,
        clave_anterior: emptyToNull(r.clave_anterior),
        genero: c.code('genero', r.genero, GENDERS),
        estatus_cafe: c.code('estatus_cafe', r.estatus_cafe, MEMBER_STATUSES),
        estatus_miel: c.code('estatus_miel', r.estatus_miel, MEMBER_STATUSES),
        estatus_yip: c.code('estatus_yip', r.estatus_yip, MEMBER_STATUSES),
        estatus_trabajador: c.code('estatus_trabajador', r.estatus_trabajador, MEMBER_STATUSES),
        estatus_comon_sit: c.code('estatus_comonSit', r.estatus_comon_sit, MEMBER_STATUSES),
        doc_curp: r.doc_curp,
        doc_act_nac: r.doc_act_nac,
        doc_ine: r.doc_ine,
        doc_domicilio: r.doc_domicilio,
        doc_rfc: r.doc_rfc,
        comunidad: c.ref(ctx.ids('tsumbalil_comunidad'), r.comunidad_id),
        cargo_coop: posts.get(id)?.posts ?? [],
        created_at: new Date(r.created),
      };
      if (c.failed) {
        ctx.log.skip('socios_socio', id, c.reason, c.detail);
        for (const post of posts.get(id)?.rows ?? [])
          ctx.log.skip(
            'socios_socio_cargo_coop',
            post,
            'missing-reference',
            `member ${id} was skipped`,
          );
        continue;
      }
      if (optional.lacks.length > 0) {
        const name = [r.nombres, r.apellido_paterno, r.apellido_materno ?? '']
          .map((part) => part.trim())
          .filter(Boolean)
          .join(' ');
        ctx.log.markIncomplete('socios_socio', id, `member ${id} ${name}`, optional.lacks);
      }
      const link = (table: OriginalTable, target: number | null) =>
        optionalLink(ctx, 'socios_socio', id, ctx.ids(table), target);
      rows.push({
        id,
        row: {
          ...row,
          empresa: link('tsumbalil_empresa', r.empresa_id),
          puesto: link('tsumbalil_puesto_trabajo', r.puesto_id),
          fuente: link('tsumbalil_fuente', r.fuente_id),
        },
      });
    }
    return rows;
  },
});

const DJANGO_HASH = 'pbkdf2_sha256$';
/** Django's mark of an unusable password; also how an inactive account is kept locked. */
const UNUSABLE = '!';

/** The stored hash: the original's, locked when the account was inactive there. */
function passwordHash(ctx: MapContext, r: OriginalRow<'users_user'>): string {
  if (!r.is_active) {
    ctx.log.note('users_user', r.id, 'inactive in the original: cannot log in');
    return r.password.startsWith(UNUSABLE) ? r.password : `${UNUSABLE}${r.password}`;
  }
  if (r.password.startsWith(UNUSABLE) || r.password === '')
    ctx.log.note('users_user', r.id, 'no usable password: set one with npm run user -- passwd');
  else if (!r.password.startsWith(DJANGO_HASH))
    ctx.log.note(
      'users_user',
      r.id,
      'password hash in a format this product cannot check: set one with npm run user -- passwd',
      r.password.split('$')[0] ?? '',
    );
  return r.password;
}

export const usersStep = defineStep({
  source: 'users_user',
  table: users,
  key: users.id,
  // A hash this product already replaced (first login, or `npm run user -- passwd`) is newer
  // than the original's: a re-run keeps it.
  keep: {
    password_hash: sql`CASE WHEN users.password_hash LIKE 'scrypt$%' THEN users.password_hash
      ELSE excluded.password_hash END`,
  },
  map(ctx) {
    const rows: KeyedRow<typeof users>[] = [];
    const usernames = new Map<string, number>();
    for (const r of ctx.data.users_user) {
      const c = new RowCheck();
      const role = c.code('role', r.role, ROLES);
      if (r.username.trim() === '') c.fail('missing-value', 'username is empty');
      const holder = usernames.get(r.username);
      if (holder !== undefined)
        c.fail('duplicate', `username '${r.username}' is also user ${holder}`);
      if (c.failed) {
        ctx.log.skip('users_user', r.id, c.reason, c.detail);
        continue;
      }
      usernames.set(r.username, r.id);
      rows.push({
        id: r.id,
        row: {
          id: r.id,
          username: r.username,
          password_hash: passwordHash(ctx, r),
          first_name: r.first_name,
          last_name: r.last_name,
          email: r.email,
          phone: r.phone,
          role,
          clave_socio: optionalLink(
            ctx,
            'users_user',
            r.id,
            ctx.ids('socios_socio'),
            r.clave_socio_id,
          ),
          created_at: new Date(r.date_joined),
        },
      });
    }
    return rows;
  },
});
