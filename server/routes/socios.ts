/**
 * Members (spec part 1 §7): list, detail, create, update and the spreadsheet. Scope and rights
 * come from #domain/permissions (BUSINESS_RULES §1): CO, GE and VI read every member, a
 * promoter the members of its region, a member only itself; CO and GE write. A member outside
 * the caller's scope answers 404, exactly like an unknown key.
 */
import type { FastifyInstance } from 'fastify';
import { MEMBER_EXPORT } from '#domain/exports';
import * as z from 'zod';
import { GENDERS, MEMBER_STATUSES } from '#domain/codes';
import { memberSchema } from '#domain/forms/member';
import { msg } from '#domain/messages';
import { currentUser } from '#server/auth/authenticate';
import { FieldErrorsError, notFound } from '#server/http/errors';
import { defineRoute } from '#server/http/route';
import { defineWriteRoute } from '#server/http/write-route';
import {
  createMember,
  findMember,
  listMembers,
  MEMBER_LIST_COLUMNS,
  updateMember,
  type MemberDetail,
  type MemberListRow,
} from '#server/services/members';
import { asXlsxDownload, buildXlsx, xlsxAnswer } from '#server/xlsx/workbook';
import { pathId, requirePermission } from './access.ts';
import type { RouteDeps } from './deps.ts';

const status = z.enum(MEMBER_STATUSES);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const memberDetailSchema = z.object({
  clave_socio: z.number().int(),
  region: z.number().int(),
  nombres: z.string(),
  apellido_paterno: z.string(),
  apellido_materno: z.string(),
  curp: z.string().nullable(),
  telefono: z.string().nullable(),
  fecha_nacimiento: date,
  genero: z.enum(GENDERS),
  fecha_ingr_yomol_atel: date,
  fecha_ingr_programa: date,
  clave_anterior: z.string().nullable(),
  comunidad: z.number().int(),
  cargo: z.number().int(),
  cargo_coop: z.array(z.number().int()),
  empresa: z.number().int().nullable(),
  puesto: z.number().int().nullable(),
  fuente: z.number().int().nullable(),
  estatus_cafe: status,
  estatus_miel: status,
  estatus_yip: status,
  estatus_trabajador: status,
  estatus_comonSit: status,
  doc_curp: z.boolean(),
  doc_domicilio: z.boolean(),
  doc_act_nac: z.boolean(),
  doc_ine: z.boolean(),
  doc_rfc: z.boolean(),
  rfc: z.string().nullable(),
  nombre_comunidad: z.string(),
  full_name: z.string(),
  nombre_region: z.string(),
  nombre_productor: z.string(),
}) satisfies z.ZodType<MemberDetail>;

export const memberListRowSchema = z.object({
  clave_socio: z.number().int(),
  region: z.number().int(),
  nombre_region: z.string(),
  comunidad: z.number().int(),
  nombre_comunidad: z.string(),
  nombres: z.string(),
  apellido_paterno: z.string(),
  apellido_materno: z.string(),
  full_name: z.string(),
  estatus_cafe: status,
  estatus_miel: status,
  estatus_yip: status,
  estatus_trabajador: status,
  estatus_comonSit: status,
  cafe: z.boolean(),
  miel: z.boolean(),
  yip: z.boolean(),
  trabajador: z.boolean(),
  comonSit: z.boolean(),
  rfc: z.string().nullable(),
  cargo: z.number().int(),
  nombre_cargo: z.string(),
  cargo_coop: z.array(z.number().int()),
  nombres_cargo_coop: z.array(z.string()),
  curp: z.string().nullable(),
  telefono: z.string().nullable(),
  genero: z.enum(GENDERS),
  fecha_nacimiento: date,
  fecha_ingr_yomol_atel: date,
  fecha_ingr_programa: date,
}) satisfies z.ZodType<MemberListRow>;

/** The read-only fields of the member shape: a client may send them back; they are ignored. */
const ignored = z.unknown().optional();

/**
 * POST / PUT body: the domain's member form, strict (any other key is a 400 on that key), but
 * tolerant of the display fields a client holding a whole member record would send back.
 * `rfc` is not part of the member form, so it is display-only here too.
 */
const memberBody = memberSchema()
  .extend({
    nombre_comunidad: ignored,
    full_name: ignored,
    nombre_productor: ignored,
    nombre_region: ignored,
    rfc: ignored,
  })
  .strict();

const idParams = z.object({ id: z.string() });

export function registerSocioRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db } = deps;

  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/socios',
    preHandler: [requirePermission('socios', 'read')],
    response: z.array(memberListRowSchema),
    handler: ({ request }) => listMembers(db, currentUser(request)),
  });

  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/socios/:id',
    params: idParams,
    preHandler: [requirePermission('socios', 'read')],
    response: memberDetailSchema,
    handler: async ({ request, params }) => {
      const member = await findMember(db, currentUser(request), pathId(params.id));
      if (!member) throw notFound();
      return member;
    },
  });

  defineWriteRoute(app, deps, {
    method: 'POST',
    url: '/api/socios',
    kind: 'socio.create',
    status: 201,
    preHandler: [requirePermission('socios', 'create')],
    body: memberBody,
    response: memberDetailSchema,
    // A clave_socio in the body is ignored: the server assigns the key of a new member.
    handler: async ({ tx, body, capture }) => {
      const member = await createMember(tx, body, capture);
      return { answer: member, recordRef: member.clave_socio };
    },
  });

  defineWriteRoute(app, deps, {
    method: 'PUT',
    url: '/api/socios/:id',
    kind: 'socio.update',
    preHandler: [requirePermission('socios', 'update')],
    params: idParams,
    body: memberBody,
    response: memberDetailSchema,
    handler: async ({ tx, body, params, capture }) => {
      const clave = pathId(params.id);
      if (body.clave_socio !== null && body.clave_socio !== clave) {
        throw new FieldErrorsError({
          clave_socio: [msg('server.members.keyMismatch', { key: clave })],
        });
      }
      const member = await updateMember(tx, clave, body, capture);
      if (!member) throw notFound();
      return { answer: member, recordRef: clave };
    },
  });

  defineRoute(app, deps.routeOptions, {
    method: 'GET',
    url: '/api/sociosXLSX',
    preHandler: [requirePermission('xlsx', 'read')],
    response: xlsxAnswer,
    handler: async ({ request, reply }) => {
      const rows = await listMembers(db, currentUser(request));
      asXlsxDownload(reply, MEMBER_EXPORT.file);
      return buildXlsx(MEMBER_EXPORT.sheet, MEMBER_LIST_COLUMNS, rows);
    },
  });
}
