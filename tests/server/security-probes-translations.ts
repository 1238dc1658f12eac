/**
 * Probes of the translation calls and the manager's user calls. Saving drafts is
 * granted by the translator flag, not by a role (`orTranslator`), so these probes say so and
 * the matrix expects the flagged demo user to pass where its role alone would not.
 */
import * as XLSX from '@e965/xlsx';
import { and, eq } from 'drizzle-orm';
import { translationHistory, translations, users } from '#server/db/schema';
import { first } from '#tests/helpers/present';
import type { Permission, Probe, ProbeRequest } from './security-probes.ts';
import type { World } from './security-world.ts';

const perm = (resource: 'traducciones' | 'usuarios', action: string): Permission => ({
  resource,
  action,
});
const get = (url: string): ProbeRequest => ({ method: 'GET', url });

/** Keys the probes write (no placeholders in their Spanish), one per call that changes state. */
const DRAFT_KEY = 'menu.reports';
const APPROVE_KEY = 'menu.accounts';
const REVERT_KEY = 'menu.data';

/** A draft of `key` written by the other promoter (a caller is never its author). */
async function draftByAnother(w: World, key: string): Promise<string> {
  const text = w.unique('Borrador');
  const author = w.userIds['promotor2']!;
  await w.t.db
    .insert(translations)
    .values({ lang: 'tz', key, draft_text: text, draft_by: author, draft_at: new Date() })
    .onConflictDoUpdate({
      target: [translations.lang, translations.key],
      set: { draft_text: text, draft_by: author, draft_at: new Date() },
    });
  return text;
}

/** A history entry of `key` the revert can go back before (a fresh draft). */
async function entryToRevert(w: World, key: string): Promise<number> {
  const text = await draftByAnother(w, key);
  const [entry] = await w.t.db
    .insert(translationHistory)
    .values({
      lang: 'tz',
      key,
      action: 'draft',
      user_id: w.userIds['promotor2']!,
      draft_before: null,
      draft_after: text,
    })
    .returning({ id: translationHistory.id });
  // The state before it: no approved text either (so the revert deletes the row).
  await w.t.db
    .update(translations)
    .set({ approved_text: null, approved_by: null, approved_at: null })
    .where(and(eq(translations.lang, 'tz'), eq(translations.key, key)));
  return entry!.id;
}

/** A one-row import sheet, as base64. */
function sheetOf(rows: unknown[][]): string {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'traducciones');
  const out: unknown = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
  if (!Buffer.isBuffer(out)) throw new Error('SheetJS did not write a buffer');
  return out.toString('base64');
}

export function translationProbes(): Probe[] {
  return [
    {
      route: 'GET /api/traducciones',
      permission: perm('traducciones', 'read'),
      ok: 200,
      build: () => get('/api/traducciones.json'),
    },
    {
      route: 'PUT /api/traducciones/:idioma/:clave',
      permission: perm('traducciones', 'translate'),
      orTranslator: true,
      ok: 200,
      build: (w) => ({
        method: 'PUT',
        url: `/api/traducciones/tz/${DRAFT_KEY}/`,
        payload: { texto: w.unique('Texto'), nota: null },
      }),
      anchor: { set: { texto: '   ' } },
    },
    {
      route: 'POST /api/traducciones/:idioma/:clave/aprobar',
      permission: perm('traducciones', 'review'),
      orTranslator: true,
      ok: 200,
      build: async (w) => ({
        method: 'POST',
        url: `/api/traducciones/tz/${APPROVE_KEY}/aprobar/`,
        payload: { borrador: await draftByAnother(w, APPROVE_KEY) },
      }),
      anchor: { drop: 'borrador' },
    },
    {
      route: 'POST /api/traducciones/:idioma/:clave/revertir',
      permission: perm('traducciones', 'review'),
      orTranslator: true,
      ok: 200,
      build: async (w) => ({
        method: 'POST',
        url: `/api/traducciones/tz/${REVERT_KEY}/revertir/`,
        payload: { historial: await entryToRevert(w, REVERT_KEY) },
      }),
      anchor: { set: { historial: 'x' } },
    },
    {
      route: 'GET /api/traducciones/:idioma/:clave/historial',
      permission: perm('traducciones', 'review'),
      orTranslator: true,
      ok: 200,
      build: () => get(`/api/traducciones/tz/${APPROVE_KEY}/historial/`),
    },
    {
      route: 'GET /api/traduccionesXLSX',
      permission: perm('traducciones', 'review'),
      orTranslator: true,
      ok: 200,
      build: () => get('/api/traduccionesXLSX/?idioma=tz&solo=pendientes'),
    },
    {
      route: 'POST /api/traducciones/importar',
      permission: perm('traducciones', 'translate'),
      orTranslator: true,
      ok: 200,
      build: (w) => ({
        method: 'POST',
        url: '/api/traducciones/importar/',
        payload: {
          archivo: sheetOf([
            ['clave', 'tseltal'],
            [DRAFT_KEY, w.unique('Importado')],
          ]),
          aplicar: false,
        },
      }),
      anchor: { drop: 'aplicar' },
    },
    {
      route: 'GET /api/users',
      permission: perm('usuarios', 'read'),
      ok: 200,
      build: () => get('/api/users.json'),
    },
    {
      route: 'PUT /api/users/:id/traductor',
      permission: perm('usuarios', 'update'),
      ok: 200,
      build: (w) => ({
        method: 'PUT',
        url: `/api/users/${w.userIds['promotor2']!}/traductor/`,
        payload: { traductor: false },
      }),
      anchor: { drop: 'traductor' },
    },
    {
      route: 'POST /api/users/:id/dispositivo-perdido',
      permission: perm('usuarios', 'update'),
      ok: 200,
      // A user of its own: marking a caller of the matrix lost would end its session.
      anchor: { set: { username: 'otro_usuario' } },
      build: async (w) => {
        const rows = await w.t.db
          .insert(users)
          .values({
            username: w.unique('perdido').replace(/\W/g, ''),
            role: 'PR',
            password_hash: 'x',
          })
          .returning({ id: users.id, username: users.username });
        const { id, username } = first(rows, 'the new user');
        return {
          method: 'POST',
          url: `/api/users/${id}/dispositivo-perdido/`,
          payload: { username },
        };
      },
    },
  ];
}
