/**
 * Who may open and use the translation screen, apart from the translation rows'
 * schemas in `translations.ts`: the router and the menu need these at start, the schemas only
 * the screens that read rows (so the app shell starts without zod).
 */
import { can } from './permissions';
import type { Role } from './roles';

/** Who asks, for the translation permissions: a role and the translator flag. */
export interface TranslationActor {
  role: Role | null;
  translator: boolean;
}

/** Save drafts (and import sheets): translators only, whatever their role. */
export function mayTranslate(actor: TranslationActor): boolean {
  return actor.role !== null && actor.translator;
}

/** Approve another's draft, revert, read drafts, history and sheets: translators and managers. */
export function mayReviewTranslations(actor: TranslationActor): boolean {
  return mayTranslate(actor) || can(actor.role, 'traducciones', 'review');
}

/** The translation screen's route (not in the role tables: the translator flag opens it). */
export const TRANSLATIONS_ROUTE = '/traducciones';
