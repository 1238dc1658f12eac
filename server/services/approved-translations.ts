/**
 * The approved translations of the database, kept in memory for the server's
 * messages (`i18n.ts` reads them synchronously for every answer). Reloaded, one query, when a
 * request arrives after an approval or a revert of this instance invalidated it, and at most
 * `MAX_AGE_MS` after the last load, so another instance's approvals show within that time.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { translations } from '#server/db/schema';

const MAX_AGE_MS = 60_000;

export class ApprovedTranslations {
  private texts = new Map<string, string>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;

  /** The approved text of `key` in `lang`, if the database has one. */
  readonly lookup = (lang: string, key: string): string | undefined =>
    this.texts.get(`${lang}:${key}`);

  /** The next request reloads (called after a write that changed an approved text). */
  invalidate(): void {
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  async refreshIfStale(db: Db, now: number = Date.now()): Promise<void> {
    if (now - this.loadedAt < MAX_AGE_MS) return;
    this.loading ??= this.load(db, now).finally(() => {
      this.loading = null;
    });
    await this.loading;
  }

  private async load(db: Db, now: number): Promise<void> {
    // Marked loaded first: a database that cannot answer is asked again after MAX_AGE_MS,
    // not on every request, and the texts loaded before stay in use meanwhile.
    this.loadedAt = now;
    const rows = await db
      .select({ lang: translations.lang, key: translations.key, text: translations.approved_text })
      .from(translations)
      .where(and(isNotNull(translations.approved_text), eq(translations.lang, 'tz')));
    this.texts = new Map(
      rows.flatMap((r) => (r.text === null ? [] : [[`${r.lang}:${r.key}`, r.text]])),
    );
  }
}
