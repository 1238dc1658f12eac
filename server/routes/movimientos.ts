/**
 * Contributions and withdrawals (docs/business-rules.md#contributions-and-withdrawals): group lists
 * with exactly one filter, detail, balance, create, bank-data edit, the unreconciled list and the
 * spreadsheet. Read scope from #domain/permissions (CO, GE, VI all; a promoter its region; a member
 * itself); out-of-scope ids answer 404.
 */
import * as z from 'zod';
import { PROCESSES } from '#domain/codes';
import { MOVEMENT_SHEET, movementRowSchema } from '#domain/delivery-shapes';
import { todayIn } from '#domain/dates';
import { movementBankDataSchema } from '#domain/forms/bank-data-edit';
import { movementSchema } from '#domain/forms/movement';
import { msg } from '#domain/messages';
import { enumField, integerField } from '#domain/rules';
import { currentUser } from '#server/auth/authenticate';
import { RuleError } from '#domain/rule-errors';
import { notFound } from '#server/http/errors';
import { defineRoute } from '#server/http/route';
import { parseWith } from '#server/http/validate';
import { area } from '#server/http/area';
import { defineWriteRoute } from '#server/http/write-route';
import { findMember } from '#server/services/members';
import {
  balanceAnswer,
  balanceOfMember,
  createMovement,
  editMovementBankData,
  findMovement,
  listMovements,
  MOVEMENT_EXPORT,
  movementFilterCondition,
  unreconciledMovements,
  type MovementFilter,
} from '#server/services/movements';
import { DB_INT_MAX } from '#server/services/references';
import { sheetOptionsFor } from '#server/xlsx/sheet-options';
import { buildXlsxOffThread } from '#server/xlsx/off-thread';
import { asXlsxDownload, XLSX_FILE, xlsxAnswer } from '#server/xlsx/workbook';
import { pathId, requirePermission } from './access.ts';

/**
 * The balance answer: the three figures as decimal strings, or the spec's fixed sentence when
 * the member has no movements. The sentence is part of the API contract (the client tests for
 * `message`), so it is not translated.
 */
export const NO_INFORMATION = 'No hay información disponible' as const;
const balanceSchema = z.union([
  z.object({ saldo: z.string(), aportaciones: z.string(), retiros: z.string() }),
  z.object({ message: z.literal(NO_INFORMATION) }),
]);

const FILTER_KEYS = ['clave_socio', 'region', 'comunidad', 'empresa', 'fuente', 'proceso'] as const;

const id = integerField({ min: 1, max: DB_INT_MAX });
const filterQuery = z.object(
  Object.fromEntries(FILTER_KEYS.map((k) => [k, z.string().optional()])) as Record<
    (typeof FILTER_KEYS)[number],
    z.ZodOptional<z.ZodString>
  >,
);

/** Exactly one of the six filters (none or two → 400), its value checked on its own field. */
export function parseMovementFilter(query: z.output<typeof filterQuery>): MovementFilter {
  const given = FILTER_KEYS.filter((k) => query[k] !== undefined && query[k].trim() !== '');
  const [key] = given;
  if (given.length !== 1 || key === undefined) {
    throw new RuleError({
      non_field_errors: [
        msg('server.deliveries.exactlyOneFilter', { filtros: FILTER_KEYS.join(', ') }),
      ],
    });
  }
  const raw = query[key];
  if (key === 'proceso')
    return {
      proceso: parseWith(z.object({ proceso: enumField(PROCESSES) }), { proceso: raw }).proceso,
    };
  const value = parseWith(z.object({ [key]: id }), { [key]: raw })[key] as number;
  switch (key) {
    case 'clave_socio':
      return { clave_socio: value };
    case 'region':
      return { region: value };
    case 'comunidad':
      return { comunidad: value };
    case 'empresa':
      return { empresa: value };
    default:
      return { fuente: value };
  }
}

const idParams = z.object({ id: z.string() });

export const movimientoRoutes = area('movimientos', (app) => {
  const { db, config } = app;
  const today = () => todayIn(config.timezone);

  defineRoute(app, {
    method: 'GET',
    url: '',
    query: filterQuery,
    preHandler: [requirePermission('movimientos', 'read')],
    response: z.array(movementRowSchema),
    handler: ({ request, query }) =>
      listMovements(db, currentUser(request), movementFilterCondition(parseMovementFilter(query))),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/saldo',
    query: z.object({ clave_socio: id }),
    preHandler: [requirePermission('movimientos', 'read')],
    response: balanceSchema,
    handler: async ({ request, query }) => {
      // The member must be readable by the caller (socios scope = movements scope): else 404.
      const member = await findMember(db, currentUser(request), query.clave_socio);
      if (!member) throw notFound();
      const balance = await balanceOfMember(db, member.clave_socio);
      return balance ? balanceAnswer(balance) : { message: NO_INFORMATION };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/:id',
    params: idParams,
    preHandler: [requirePermission('movimientos', 'read')],
    response: movementRowSchema,
    handler: async ({ request, params }) => {
      const row = await findMovement(db, currentUser(request), pathId(params.id));
      if (!row) throw notFound();
      return row;
    },
  });

  defineWriteRoute(app, {
    method: 'POST',
    url: '',
    kind: 'movimiento.create',
    status: 201,
    preHandler: [requirePermission('movimientos', 'contribute')],
    body: movementSchema({ today }),
    response: movementRowSchema,
    handler: async ({ tx, user, body, capture }) => {
      const row = await createMovement(tx, user, body, capture, config.timezone);
      return { answer: row, recordRef: row.id };
    },
  });

  defineWriteRoute(app, {
    method: 'PATCH',
    url: '/:id',
    kind: 'movimiento.bank',
    preHandler: [requirePermission('movimientos', 'bank-edit')],
    params: idParams,
    body: movementBankDataSchema({ today }),
    response: movementRowSchema,
    handler: async ({ tx, user, body, params }) => {
      const movementId = pathId(params.id);
      const row = await editMovementBankData(tx, user, movementId, body);
      if (!row) throw notFound();
      return { answer: row, recordRef: movementId };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '-conc',
    preHandler: [requirePermission('bancos', 'read')],
    response: z.object({ count: z.number().int(), results: z.array(movementRowSchema) }),
    handler: async ({ request }) => {
      const results = await unreconciledMovements(db, currentUser(request));
      return { count: results.length, results };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '-conc-xlsx',
    query: filterQuery,
    preHandler: [requirePermission('xlsx', 'read')],
    response: xlsxAnswer,
    file: XLSX_FILE,
    handler: async ({ request, reply, query }) => {
      const where = movementFilterCondition(parseMovementFilter(query));
      const rows = await listMovements(db, currentUser(request), where);
      asXlsxDownload(reply, MOVEMENT_EXPORT.file);
      return buildXlsxOffThread(MOVEMENT_SHEET, rows, sheetOptionsFor(app, request));
    },
  });
});
