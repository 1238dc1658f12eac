/**
 * Interface texts translated by the cooperative's own translators: one row per
 * (language, key of locales/es.json), the approved text apart from a draft waiting for review,
 * replicated to phones as `traducciones` (`sync/tables/translations.ts`); and the history of
 * every change, kept on the server only.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { TranslatedLang, TranslationAction } from '#domain/translations';
import { replicated } from './columns.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const translations = pgTable(
  'translations',
  {
    lang: text('lang').$type<TranslatedLang>().notNull(),
    key: text('key').notNull(),
    approved_text: text('approved_text'),
    approved_by: integer('approved_by').references(() => users.id),
    approved_at: instant('approved_at'),
    draft_text: text('draft_text'),
    draft_by: integer('draft_by').references(() => users.id),
    draft_at: instant('draft_at'),
    note: text('note'),
    ...replicated(),
  },
  (t) => [
    primaryKey({ columns: [t.lang, t.key] }),
    index('translations_row_version_idx').on(t.row_version),
    // A row with no text at all is deleted instead (phones drop it through sync_removals).
    check(
      'translations_some_text',
      sql`${t.approved_text} IS NOT NULL OR ${t.draft_text} IS NOT NULL`,
    ),
  ],
);

export const translationHistory = pgTable(
  'translation_history',
  {
    id: serial('id').primaryKey(),
    lang: text('lang').$type<TranslatedLang>().notNull(),
    key: text('key').notNull(),
    action: text('action').$type<TranslationAction>().notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    at: instant('at').notNull().defaultNow(),
    approved_before: text('approved_before'),
    approved_after: text('approved_after'),
    draft_before: text('draft_before'),
    draft_after: text('draft_after'),
  },
  (t) => [
    index('translation_history_key_idx').on(t.lang, t.key, t.id),
    check('translation_history_action', sql`${t.action} IN ('draft','approve','revert','import')`),
  ],
);
