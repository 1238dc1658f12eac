/**
 * `traducciones`: every logged-in user pulls the approved texts; translators and
 * managers also the drafts (the rows of the list, `services/translations.ts`). A row whose
 * approved text went away leaves the scope of those who read approved texts only, a deleted
 * row everybody's (removals written by the triggers of migration `translations`).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { scopeFor } from '#domain/permissions';
import { mayReviewTranslations } from '#domain/translations';
import { syncRemovals, translations } from '#server/db/schema';
import { translationChanges, visibleTo } from '#server/services/translations';
import {
  inSearch,
  inWindow,
  versionsOf,
  type PullScope,
  type ReplicatedTable,
} from '#server/sync/registry';

const seesDrafts = (scope: PullScope) =>
  mayReviewTranslations({ role: scope.role, translator: scope.translator });

export const traduccionesTable: ReplicatedTable = {
  name: 'traducciones',
  readScope: (scope) => scopeFor(scope.role, 'traducciones', 'read'),
  removalsFor: (scope) => (seesDrafts(scope) ? eq(syncRemovals.deleted, true) : sql`true`),
  fetchVersions: async (db, scope, search) =>
    versionsOf(
      await db
        .select({ v: translations.row_version })
        .from(translations)
        .where(and(inSearch(translations.row_version, search), visibleTo(seesDrafts(scope))))
        .orderBy(asc(translations.row_version))
        .limit(search.limit),
    ),
  fetchChanges: (db, scope, window) =>
    translationChanges(db, seesDrafts(scope), inWindow(translations.row_version, window)),
};
