/**
 * Members: list, detail, create, update and the spreadsheet. Scope and rights
 * come from #domain/permissions (docs/business-rules.md#roles-and-scope): CO, GE and VI read every
 * member, a promoter the members of its region, a member only itself; CO and GE write. A member
 * outside the caller's scope answers 404, exactly like an unknown key.
 */
import * as z from 'zod';
import { todayIn } from '#domain/dates';
import { joiningDatesCheck, memberFieldsSchema } from '#domain/forms/member';
import { always } from '#domain/rules';
import {
  MEMBER_EXPORT,
  MEMBER_SHEET,
  memberListRowSchema,
  socioAnswerSchema,
} from '#domain/member-shapes';
import { msg } from '#domain/messages';
import { currentUser } from '#server/auth/authenticate';
import { RuleError } from '#domain/rule-errors';
import { notFound } from '#server/http/errors';
import { defineRoute } from '#server/http/route';
import { area } from '#server/http/area';
import { defineWriteRoute } from '#server/http/write-route';
import { createMember, findMember, listMembers, updateMember } from '#server/services/members';
import { sheetOptionsFor } from '#server/xlsx/sheet-options';
import { buildXlsxOffThread } from '#server/xlsx/off-thread';
import { asXlsxDownload, XLSX_FILE, xlsxAnswer } from '#server/xlsx/workbook';
import { pathId, requirePermission } from './access.ts';

/** The read-only fields of the member shape: a client may send them back; they are ignored. */
const ignored = z.unknown().optional();

/**
 * POST / PUT body: the domain's member form, strict (any other key is a 400 on that key), but
 * tolerant of the display fields a client holding a whole member record would send back.
 * `rfc` is not part of the member form, so it is display-only here too.
 */
const memberBody = memberFieldsSchema()
  .extend({
    nombre_comunidad: ignored,
    full_name: ignored,
    nombre_productor: ignored,
    nombre_region: ignored,
    rfc: ignored,
  })
  .strict();

const idParams = z.object({ id: z.string() });

export const socioRoutes = area('socios', (app) => {
  const { db } = app;
  const today = () => todayIn(app.config.timezone);

  defineRoute(app, {
    method: 'GET',
    url: '',
    preHandler: [requirePermission('socios', 'read')],
    response: z.array(memberListRowSchema),
    handler: ({ request }) => listMembers(db, currentUser(request)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/:id',
    params: idParams,
    preHandler: [requirePermission('socios', 'read')],
    response: socioAnswerSchema,
    handler: async ({ request, params }) => {
      const member = await findMember(db, currentUser(request), pathId(params.id));
      if (!member) throw notFound();
      return member;
    },
  });

  defineWriteRoute(app, {
    method: 'POST',
    url: '',
    kind: 'socio.create',
    status: 201,
    preHandler: [requirePermission('socios', 'create')],
    // A new member: its joining dates are all new, so each must fall in its range.
    body: memberBody.superRefine(joiningDatesCheck(null, { today }), { when: always }),
    response: socioAnswerSchema,
    // A clave_socio in the body is ignored: the server assigns the key of a new member.
    handler: async ({ tx, body, capture }) => {
      const member = await createMember(tx, body, capture);
      return { answer: member, recordRef: member.clave_socio };
    },
  });

  defineWriteRoute(app, {
    method: 'PUT',
    url: '/:id',
    kind: 'socio.update',
    // Its community gives its user's region.
    mayChangeCallers: true,
    preHandler: [requirePermission('socios', 'update')],
    params: idParams,
    // The joining dates' range is checked against the stored ones (updateMember).
    body: memberBody,
    response: socioAnswerSchema,
    handler: async ({ tx, body, params, capture }) => {
      const clave = pathId(params.id);
      if (body.clave_socio !== null && body.clave_socio !== clave) {
        throw new RuleError({
          clave_socio: [msg('server.members.keyMismatch', { key: clave })],
        });
      }
      const member = await updateMember(tx, clave, body, capture, { today });
      if (!member) throw notFound();
      return { answer: member, recordRef: clave };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: 'XLSX',
    preHandler: [requirePermission('xlsx', 'read')],
    response: xlsxAnswer,
    file: XLSX_FILE,
    handler: async ({ request, reply }) => {
      const rows = await listMembers(db, currentUser(request));
      asXlsxDownload(reply, MEMBER_EXPORT.file);
      return buildXlsxOffThread(MEMBER_SHEET, rows, sheetOptionsFor(app, request));
    },
  });
});
