/**
 * The translation writes, queued in the outbox like every capture so a translator
 * works offline: 'traduccion.save' (PUT traducciones/{idioma}/{clave}/, a draft),
 * 'traduccion.approve' (POST …/aprobar/ with the draft the reviewer saw) and
 * 'traduccion.revert' (POST …/revertir/ with the history entry). The replica's row changes at
 * once (marked `_pending`); the server's answer replaces it. A draft never reaches the
 * interface (only approved texts are laid over it); an approval made here shows at once.
 * Every write of one string forms one chain, so a draft and its approval go in order.
 */
import {
  emptyTranslationRow,
  translationRowId,
  translationRowSchema,
  type translationApproveBody,
  type translationDraftBody,
  type translationRevertBody,
  type TranslatedLang,
  type TranslationRow,
} from '#domain/translations';
import type { WireBody } from '#domain/wire';
import type { MutationContext } from '#sync/types';
import { getDb } from '#db/database';
import type { TraduccionRow } from '#db/replica-rows';
import type { KindCommand } from './command-definition.ts';
import { readCurrentUser } from './current-user.ts';

type DraftBody = WireBody<typeof translationDraftBody, { texto: string; nota: string | null }>;
type ApproveBody = WireBody<typeof translationApproveBody, { borrador: string }>;
type RevertBody = WireBody<typeof translationRevertBody, { historial: number }>;

interface StringRef {
  idioma: TranslatedLang;
  clave: string;
}

export interface TraduccionSavePayload extends StringRef {
  texto: string;
  nota: string | null;
  /** The row before the save (null: none), put back if the save is discarded; never sent. */
  before: TraduccionRow | null;
}

export interface TraduccionApprovePayload extends StringRef {
  /** The draft the reviewer read: the server refuses (409) if it changed meanwhile. */
  borrador: string;
  before: TraduccionRow;
}

export interface TraduccionRevertPayload extends StringRef {
  /** The history entry whose earlier state comes back. */
  historial: number;
  /** That earlier state, as the history showed it (for the phone's own copy until the answer). */
  restored: { texto: string | null; borrador: string | null };
  before: TraduccionRow | null;
}

/** The outbox record id of a string: one per language and key, so its writes form one history. */
const draftBody = (p: TraduccionSavePayload): DraftBody => ({ texto: p.texto, nota: p.nota });
const approveBody = (p: TraduccionApprovePayload): ApproveBody => ({ borrador: p.borrador });
const revertBody = (p: TraduccionRevertPayload): RevertBody => ({ historial: p.historial });

export function traduccionRecordId(ref: StringRef): string {
  return `traduccion-${translationRowId(ref.idioma, ref.clave)}`;
}

/** The screen that lists the string, filtered to it, where a refusal is fixed. */
export function traduccionFixRoute(clave: string): string {
  return `/traducciones?clave=${encodeURIComponent(clave)}`;
}

function stringPath(ref: StringRef): string {
  return `traducciones/${ref.idioma}/${encodeURIComponent(ref.clave)}/`;
}

const chainKey = (_payload: unknown, recordId: string) => recordId;

/** A string with no row yet: nothing approved, no draft. */

async function currentRow(ref: StringRef, at: string): Promise<TraduccionRow> {
  return (
    (await getDb().traducciones.get(translationRowId(ref.idioma, ref.clave))) ??
    emptyTranslationRow(ref.idioma, ref.clave, at)
  );
}

async function myName(): Promise<string> {
  return (await readCurrentUser())?.username ?? '';
}

/** The server's row replaces the phone's copy whole (no `_pending` left on it). */
async function takeServerRow(row: TranslationRow): Promise<null> {
  await getDb().traducciones.put({ ...row });
  return null;
}

async function putBack(ref: StringRef, before: TraduccionRow | null): Promise<void> {
  const table = getDb().traducciones;
  if (before) await table.put(before);
  else await table.delete(translationRowId(ref.idioma, ref.clave));
}

const describe = (p: StringRef) => ({ params: { clave: p.clave } });

export const traduccionSaveCommand: KindCommand<
  'traduccion.save',
  TraduccionSavePayload,
  TranslationRow
> = {
  kind: 'traduccion.save',
  tables: ['traducciones', 'meta'],
  request: (p) => ({ method: 'PUT', path: stringPath(p), body: draftBody(p) }),
  chainKey,
  parseResult: (body) => translationRowSchema.parse(body),
  optimistic: async (p, ctx: MutationContext) => {
    const row: TraduccionRow = {
      ...(await currentRow(p, ctx.capturedAt)),
      borrador: p.texto,
      autor_borrador: await myName(),
      fecha_borrador: ctx.capturedAt,
      nota: p.nota,
      fecha_modificacion: ctx.capturedAt,
      _pending: ctx.mutationId,
    };
    await getDb().traducciones.put(row);
  },
  applyResult: (_p, row) => takeServerRow(row),
  revert: (p) => putBack(p, p.before),
  describe: (p) => ({ key: 'traducciones.command.save', ...describe(p) }),
  editRoute: (row) => traduccionFixRoute(row.payload.clave),
};

export const traduccionApproveCommand: KindCommand<
  'traduccion.approve',
  TraduccionApprovePayload,
  TranslationRow
> = {
  kind: 'traduccion.approve',
  tables: ['traducciones', 'meta'],
  request: (p) => ({
    method: 'POST',
    path: `${stringPath(p)}aprobar/`,
    body: approveBody(p),
  }),
  chainKey,
  parseResult: (body) => translationRowSchema.parse(body),
  optimistic: async (p, ctx) => {
    const row: TraduccionRow = {
      ...(await currentRow(p, ctx.capturedAt)),
      texto: p.borrador,
      revisor: await myName(),
      fecha_aprobacion: ctx.capturedAt,
      borrador: null,
      autor_borrador: null,
      fecha_borrador: null,
      fecha_modificacion: ctx.capturedAt,
      _pending: ctx.mutationId,
    };
    await getDb().traducciones.put(row);
  },
  applyResult: (_p, row) => takeServerRow(row),
  revert: (p) => putBack(p, p.before),
  describe: (p) => ({ key: 'traducciones.command.approve', ...describe(p) }),
  editRoute: (row) => traduccionFixRoute(row.payload.clave),
};

/**
 * A revert that restores "no text at all" deletes the string on the server: its answer is then
 * no row (the pull's removal confirms it), and the phone drops its copy.
 */
export const traduccionRevertCommand: KindCommand<
  'traduccion.revert',
  TraduccionRevertPayload,
  TranslationRow | null
> = {
  kind: 'traduccion.revert',
  tables: ['traducciones', 'meta'],
  request: (p) => ({
    method: 'POST',
    path: `${stringPath(p)}revertir/`,
    body: revertBody(p),
  }),
  chainKey,
  parseResult: (body) => {
    const row = translationRowSchema.safeParse(body);
    return row.success ? row.data : null;
  },
  optimistic: async (p, ctx) => {
    if (p.restored.texto === null && p.restored.borrador === null) {
      await getDb().traducciones.delete(translationRowId(p.idioma, p.clave));
      return;
    }
    const row: TraduccionRow = {
      ...(await currentRow(p, ctx.capturedAt)),
      texto: p.restored.texto,
      borrador: p.restored.borrador,
      fecha_modificacion: ctx.capturedAt,
      _pending: ctx.mutationId,
    };
    await getDb().traducciones.put(row);
  },
  applyResult: async (p, row) => {
    if (row) return takeServerRow(row);
    await getDb().traducciones.delete(translationRowId(p.idioma, p.clave));
    return null;
  },
  revert: (p) => putBack(p, p.before),
  describe: (p) => ({ key: 'traducciones.command.revert', ...describe(p) }),
  editRoute: (row) => traduccionFixRoute(row.payload.clave),
};
