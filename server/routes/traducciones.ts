/**
 * Interface translations: the list every logged-in user reads (approved texts; drafts
 * too for translators and managers), drafts, approvals, reverts, history, and the sheets.
 * Writes go through `defineWriteRoute` (idempotency keys, one transaction, the batch push);
 * an approval or a revert makes the server's own messages use the new text at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod';
import { ForbiddenError, NotFoundError } from '#domain/rule-errors';
import { msg } from '#domain/messages';
import {
  mayReviewTranslations,
  mayTranslate,
  TRANSLATED_LANGS,
  translationApproveBody,
  translationDraftBody,
  translationImportBody,
  translationRevertBody,
  translationHistoryEntrySchema,
  translationImportAnswerSchema,
  translationRowSchema,
  type TranslatedLang,
} from '#domain/translations';
import { currentUser } from '#server/auth/authenticate';
import { area } from '#server/http/area';
import { defineRoute } from '#server/http/route';
import { defineWriteRoute } from '#server/http/write-route';
import { pickLanguage } from '#server/i18n';
import {
  approveDraft,
  listTranslations,
  revertTo,
  saveDraft,
  translationHistoryOf,
} from '#server/services/translations';
import {
  applyImport,
  planImport,
  TRANSLATION_SHEET,
  translationSheetRows,
} from '#server/services/translation-sheet';
import { sheetOptionsFor } from '#server/xlsx/sheet-options';
import { buildXlsxOffThread } from '#server/xlsx/off-thread';
import { asXlsxDownload, XLSX_FILE, xlsxAnswer } from '#server/xlsx/workbook';
import { requirePermission } from './access.ts';

const stringParams = z.object({ idioma: z.string(), clave: z.string() });

/** A language we translate into; anything else is a 404 like an unknown key. */
function langOf(raw: string): TranslatedLang {
  const lang = TRANSLATED_LANGS.find((l) => l === raw);
  if (lang === undefined) throw new NotFoundError();
  return lang;
}

const sheetQuery = z.object({
  idioma: z.enum(TRANSLATED_LANGS).default('tz'),
  solo: z.enum(['pendientes', 'todas']).default('todas'),
});

async function reviewerOnly(request: FastifyRequest) {
  if (!mayReviewTranslations(currentUser(request)))
    throw new ForbiddenError(msg('server.translations.notReviewer'));
}

async function translatorOnly(request: FastifyRequest) {
  if (!mayTranslate(currentUser(request)))
    throw new ForbiddenError(msg('server.translations.notTranslator'));
}

/** The list of texts, a draft saved, approved or reverted. */
function textRoutes(app: FastifyInstance): void {
  const { db } = app;
  // The server's messages read approved texts: reloaded once this write has committed.
  const approvedChanged = () => app.approvedTranslations.invalidate();

  defineRoute(app, {
    method: 'GET',
    url: '/traducciones',
    preHandler: [requirePermission('traducciones', 'read')],
    response: z.array(translationRowSchema),
    handler: async ({ request, reply }) => {
      reply.header('Cache-Control', 'private, no-store');
      return listTranslations(db, currentUser(request));
    },
  });

  defineWriteRoute(app, {
    method: 'PUT',
    url: '/traducciones/:idioma/:clave',
    kind: 'traduccion.save',
    inboxSummary: false,
    preHandler: [requirePermission('traducciones', 'read'), translatorOnly],
    params: stringParams,
    body: translationDraftBody,
    response: translationRowSchema,
    handler: async ({ tx, user, params, body, capture }) => ({
      answer: await saveDraft(
        tx,
        user,
        langOf(params.idioma),
        params.clave,
        body,
        capture.receivedAt,
      ),
      recordRef: params.clave,
    }),
  });

  defineWriteRoute(app, {
    method: 'POST',
    url: '/traducciones/:idioma/:clave/aprobar',
    kind: 'traduccion.approve',
    inboxSummary: false,
    preHandler: [requirePermission('traducciones', 'read'), reviewerOnly],
    params: stringParams,
    body: translationApproveBody,
    response: translationRowSchema,
    handler: async ({ tx, user, params, body, capture }) => {
      const lang = langOf(params.idioma);
      const answer = await approveDraft(
        tx,
        user,
        lang,
        params.clave,
        body.borrador,
        capture.receivedAt,
      );
      approvedChanged();
      return { answer, recordRef: params.clave };
    },
  });

  defineWriteRoute(app, {
    method: 'POST',
    url: '/traducciones/:idioma/:clave/revertir',
    kind: 'traduccion.revert',
    inboxSummary: false,
    preHandler: [requirePermission('traducciones', 'read'), reviewerOnly],
    params: stringParams,
    body: translationRevertBody,
    response: translationRowSchema,
    handler: async ({ tx, user, params, body, capture }) => {
      const lang = langOf(params.idioma);
      const answer = await revertTo(
        tx,
        user,
        lang,
        params.clave,
        body.historial,
        capture.receivedAt,
      );
      approvedChanged();
      return { answer, recordRef: params.clave };
    },
  });
}

/** A text's history, the spreadsheet and its import. */
function historyAndSheetRoutes(app: FastifyInstance): void {
  const { db } = app;
  defineRoute(app, {
    method: 'GET',
    url: '/traducciones/:idioma/:clave/historial',
    preHandler: [requirePermission('traducciones', 'read'), reviewerOnly],
    params: stringParams,
    response: z.array(translationHistoryEntrySchema),
    handler: async ({ request, reply, params }) => {
      reply.header('Cache-Control', 'private, no-store');
      return translationHistoryOf(db, currentUser(request), langOf(params.idioma), params.clave);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/traduccionesXLSX',
    query: sheetQuery,
    preHandler: [requirePermission('traducciones', 'read'), reviewerOnly],
    response: xlsxAnswer,
    file: XLSX_FILE,
    handler: async ({ request, reply, query }) => {
      const lang = pickLanguage(request.headers['accept-language']);
      const rows = await translationSheetRows(db, query.idioma, query.solo, (key) =>
        app.translator.t(lang, key),
      );
      asXlsxDownload(reply, `traducciones-${query.idioma}-${query.solo}.xlsx`);
      return buildXlsxOffThread(TRANSLATION_SHEET, rows, sheetOptionsFor(app, request));
    },
  });

  defineWriteRoute(app, {
    method: 'POST',
    url: '/traducciones/importar',
    kind: 'traduccion.import',
    inboxSummary: false,
    preHandler: [requirePermission('traducciones', 'read'), translatorOnly],
    body: translationImportBody,
    response: translationImportAnswerSchema,
    handler: async ({ tx, request, user, body, capture }) => {
      const plan = await planImport(tx, 'tz', body.archivo);
      const aplicados = body.aplicar
        ? await applyImport(tx, user, 'tz', plan, capture.receivedAt)
        : 0;
      const lang = pickLanguage(request.headers['accept-language']);
      return {
        answer: {
          cambios: plan.cambios,
          errores: plan.errores.map((e) => ({
            ...e,
            mensaje: app.translator.message(lang, e.mensaje),
          })),
          aplicados,
        },
      };
    },
  });
}

export const traduccionRoutes = area('traducciones', (app) => {
  textRoutes(app);
  historyAndSheetRoutes(app);
});
