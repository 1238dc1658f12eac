/**
 * How an export route labels codes and shows times: in the caller's language (Accept-Language,
 * as every answer) and the office's time zone. Apart from ./workbook so that building a file
 * needs no dictionaries (the phone-and-server comparison test builds one in a browser DOM).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codeLabelKey } from '#domain/codes';
import type { SheetOptions } from '#domain/sheet';
import { pickLanguage } from '#server/i18n';

export function sheetOptionsFor(app: FastifyInstance, request: FastifyRequest): SheetOptions {
  const lang = pickLanguage(request.headers['accept-language']);
  return {
    label: (list, code) => app.translator.t(lang, codeLabelKey(list, code)),
    timeZone: app.config.timezone,
  };
}
