/**
 * Contracts (docs/business-rules.md#contracts, #debt-arithmetic, #portfolios):
 * lists with debt today, detail, payment history, debt at a date, activation, extension,
 * portfolios, not-yet-reconciled contracts and the spreadsheet. CO, GE and VI read every contract,
 * a promoter those of members of its region; anything outside the caller's scope answers 404 like
 * an unknown id.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import {
  activationAnswerSchema,
  CONTRACT_SHEET,
  contractDetailSchema,
  contractRowSchema,
  contractXlsxRow,
  debtAnswerSchema,
  extensionAnswerSchema,
  paymentRowSchema,
  portfolioAnswerSchema,
  regionPortfolioSchema,
} from '#domain/credit-shapes';
import { todayIn } from '#domain/dates';
import { debtAt, DebtDateError, type Debt } from '#domain/debt';
import { activationSchema } from '#domain/forms/activation';
import { extensionSchema } from '#domain/forms/extension';
import { currentUser } from '#server/auth/authenticate';
import { RuleError } from '#domain/rule-errors';
import { notFound } from '#server/http/errors';
import { defineRoute } from '#server/http/route';
import { area } from '#server/http/area';
import { defineWriteRoute } from '#server/http/write-route';
import {
  activateContract,
  extendContract,
  findContractDetail,
  listContractPage,
  listContracts,
  listUnlinkedContracts,
  type ContractListFilter,
} from '#server/services/contracts';
import { centsNumber, findContract, loadDebtPaymentsOf } from '#server/services/credit-records';
import { listContractPayments } from '#server/services/payments';
import { portfolioAnswer, portfolioPerRegion } from '#server/services/portfolios';
import { sheetOptionsFor } from '#server/xlsx/sheet-options';
import { buildXlsxOffThread } from '#server/xlsx/off-thread';
import { asXlsxDownload, XLSX_FILE, xlsxAnswer } from '#server/xlsx/workbook';
import { pathId, requirePermission } from './access.ts';
import {
  contractListQuery,
  contractPageQuery,
  contractPageSchema,
  debtQuery,
  fondocomunQuery,
  idParams,
  noLinkSchema,
  portfolioQuery,
} from './credit-queries.ts';

/** The debt answer: money figures as numbers (computed), `{}` when there is no debt. */
function debtAnswer(debt: Debt | null): z.input<typeof debtAnswerSchema> {
  if (!debt) return {};
  return {
    fecha: debt.fecha,
    estatus_detail: debt.estatus_detail,
    monto_original: centsNumber(debt.monto_original),
    capital_abonado: centsNumber(debt.capital_abonado),
    interes_ordinario_abonado: centsNumber(debt.interes_ordinario_abonado),
    interes_moratorio_abonado: centsNumber(debt.interes_moratorio_abonado),
    total_abonado: centsNumber(debt.total_abonado),
    capital_por_pagar: centsNumber(debt.capital_por_pagar),
    interes_ordinario_deuda: centsNumber(debt.interes_ordinario_deuda),
    interes_moratorio_deuda: centsNumber(debt.interes_moratorio_deuda),
    total_deuda: centsNumber(debt.total_deuda),
  };
}

/** The day of the cooperative's calendar, for debts and activations. */
type Today = () => string;

/** Lists, detail, payments and debt at a date of one contract. */
function contractReadRoutes(app: FastifyInstance, today: Today): void {
  const { db } = app;
  const read = [requirePermission('contratos', 'read')];

  // The whole list (the spec's answer), or with ?limit= one page of it with the list's count
  // and totals (docs/performance.md#the-xl-set).
  const list = (all: boolean) =>
    defineRoute(app, {
      method: 'GET',
      url: all ? '/all' : '',
      query: contractPageQuery,
      preHandler: read,
      response: z.union([z.array(contractRowSchema), contractPageSchema(contractRowSchema)]),
      handler: async ({ request, query }) => {
        const filter: ContractListFilter = {
          all: all || query.all,
          region: query.region,
          fondocomun: query.fondocomun,
        };
        const user = currentUser(request);
        if (query.limit === null) return listContracts(db, user, filter, today());
        const page = await listContractPage(
          db,
          user,
          filter,
          { limit: query.limit, offset: query.offset ?? 0, ordering: query.ordering },
          today(),
        );
        return {
          count: page.count,
          results: page.results,
          totals: {
            monto: centsNumber(page.totals.monto),
            pagado: centsNumber(page.totals.pagado),
            capital_por_pagar: centsNumber(page.totals.capital_por_pagar),
          },
        };
      },
    });
  list(false);
  list(true);

  defineRoute(app, {
    method: 'GET',
    url: '/:id',
    params: idParams,
    query: fondocomunQuery,
    preHandler: read,
    response: contractDetailSchema,
    handler: async ({ request, params, query }) => {
      const detail = await findContractDetail(
        db,
        currentUser(request),
        pathId(params.id),
        today(),
        {
          fondocomun: query.fondocomun,
        },
      );
      if (!detail) throw notFound();
      return detail;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/:id/pagos',
    params: idParams,
    query: fondocomunQuery,
    preHandler: read,
    response: z.array(paymentRowSchema),
    handler: async ({ request, params, query }) => {
      const user = currentUser(request);
      const contract = await findContract(db, user, pathId(params.id));
      if (!contract || (query.fondocomun && !contract.fondo_comun)) throw notFound();
      return listContractPayments(db, user, contract.id);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/:id/deuda',
    params: idParams,
    query: debtQuery,
    preHandler: read,
    response: debtAnswerSchema,
    handler: async ({ request, params, query }) => {
      const contract = await findContract(db, currentUser(request), pathId(params.id));
      if (!contract || (query.fondocomun && !contract.fondo_comun)) throw notFound();
      const payments = (await loadDebtPaymentsOf(db, [contract.id])).get(contract.id) ?? [];
      try {
        return debtAnswer(debtAt(contract.debt, payments, query.fecha ?? today()));
      } catch (error) {
        if (error instanceof DebtDateError)
          throw new RuleError({ non_field_errors: [error.messageKey] });
        throw error;
      }
    },
  });
}

/** Activation and extension. */
function contractWriteRoutes(app: FastifyInstance, today: Today): void {
  defineWriteRoute(app, {
    method: 'PATCH',
    url: '/:id',
    kind: 'contrato.activate',
    params: idParams,
    query: fondocomunQuery,
    preHandler: [requirePermission('contratos', 'activate')],
    body: activationSchema({ today }),
    response: activationAnswerSchema,
    handler: async ({ tx, user, params, query, body }) => {
      const answer = await activateContract(tx, user, pathId(params.id), body, {
        fondocomun: query.fondocomun,
      });
      if (!answer) throw notFound();
      return { answer, recordRef: answer.id };
    },
  });

  defineWriteRoute(app, {
    method: 'PATCH',
    url: '/:id/prorroga',
    kind: 'contrato.extend',
    params: idParams,
    preHandler: [requirePermission('contratos', 'extend')],
    body: extensionSchema,
    response: extensionAnswerSchema,
    handler: async ({ tx, user, params, body }) => {
      const answer = await extendContract(tx, user, pathId(params.id), body);
      if (!answer) throw notFound();
      return { answer, recordRef: answer.id };
    },
  });
}

/** Portfolios, contracts not yet reconciled with the bank, and the spreadsheet. */
function portfolioRoutes(app: FastifyInstance, today: Today): void {
  const { db } = app;
  defineRoute(app, {
    method: 'GET',
    url: '/carteras',
    query: portfolioQuery,
    preHandler: [requirePermission('carteras', 'read')],
    response: portfolioAnswerSchema,
    handler: ({ request, query }) =>
      portfolioAnswer(db, currentUser(request), query.date ?? today(), {
        detail: query.detail,
        fondocomun: query.fondocomun,
      }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/carteras-per-region',
    query: portfolioQuery,
    preHandler: [requirePermission('carteras', 'read')],
    response: regionPortfolioSchema,
    handler: ({ request, query }) =>
      portfolioPerRegion(db, currentUser(request), query.date ?? today(), {
        fondocomun: query.fondocomun,
      }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/no-link',
    query: fondocomunQuery,
    preHandler: [requirePermission('bancos', 'read')],
    response: noLinkSchema(contractRowSchema),
    handler: async ({ request, query }) => {
      const results = await listUnlinkedContracts(
        db,
        currentUser(request),
        query.fondocomun,
        today(),
      );
      return { count: results.length, results };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: 'XLSX',
    query: contractListQuery,
    preHandler: [requirePermission('xlsx', 'read')],
    response: xlsxAnswer,
    file: XLSX_FILE,
    handler: async ({ request, reply, query }) => {
      const rows = await listContracts(db, currentUser(request), query, today());
      asXlsxDownload(reply, `contratos-${query.region ?? 'ALL'}.xlsx`);
      return buildXlsxOffThread(
        CONTRACT_SHEET,
        rows.map(contractXlsxRow),
        sheetOptionsFor(app, request),
      );
    },
  });
}

export const contratoRoutes = area('contratos', (app) => {
  const today = () => todayIn(app.config.timezone);
  contractReadRoutes(app, today);
  contractWriteRoutes(app, today);
  portfolioRoutes(app, today);
});
