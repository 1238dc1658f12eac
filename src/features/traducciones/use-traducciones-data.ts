/**
 * What /traducciones lists: the catalogue of strings (catalogue.ts) joined with the replica's
 * translation rows — read live, so the screen works offline and shows this phone's own queued
 * drafts at once — and each string's outbox state (waiting, or refused and needing a person).
 */
import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import {
  translationState,
  type TranslationActor,
  type TranslationState,
} from '#domain/translations';
import { getDb } from '#db/database';
import type { TraduccionRow } from '#db/replica-rows';
import { traduccionRecordId } from '#commands/traducciones';
import { NO_PENDING_RECORDS, pendingRecords } from '#sync/pending-records';
import { loadCatalogue, type CatalogueEntry } from './catalogue.ts';

export interface TranslationItem extends CatalogueEntry {
  row: TraduccionRow | undefined;
  /** What every phone shows: the approved text, else the release's Tseltal. */
  approved: string | null;
  draft: string | null;
  state: TranslationState;
  /** A write of it waits to be sent. */
  waiting: boolean;
  /** A write of it was refused (the sync center lists it). */
  attention: boolean;
}

export interface TraduccionesData {
  items: TranslationItem[] | undefined;
  failed: boolean;
}

export function useTraduccionesData(): TraduccionesData {
  const [catalogue, setCatalogue] = useState<CatalogueEntry[]>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadCatalogue().then(
      (entries) => live && setCatalogue(entries),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const rows = useLiveQuery(() => getDb().traducciones.toArray(), []);
  const pending = useLiveQuery(() => pendingRecords('traduccion.'), []) ?? NO_PENDING_RECORDS;

  const items = useMemo(() => {
    if (!catalogue || !rows) return undefined;
    const byKey = new Map(rows.filter((r) => r.idioma === 'tz').map((r) => [r.clave, r]));
    return catalogue.map((entry): TranslationItem => {
      const row = byKey.get(entry.key);
      const approved = row ? row.texto : entry.bundledTz;
      const recordId = traduccionRecordId({ idioma: 'tz', clave: entry.key });
      return {
        ...entry,
        row,
        approved,
        draft: row?.borrador ?? null,
        state: translationState({ texto: approved, borrador: row?.borrador ?? null }),
        waiting: pending.waiting.has(recordId),
        attention: pending.attention.has(recordId),
      };
    });
  }, [catalogue, rows, pending]);

  return { items, failed };
}

/** The logged-in user as the translation permissions see it (#domain/translations). */
export function useTranslatorUser(): TranslationActor & { username: string } {
  const user = useStore(sessionStore, (s) => s.user);
  return useMemo(
    () => ({
      role: user?.role ?? null,
      translator: user?.traductor === true,
      username: user?.username ?? '',
    }),
    [user],
  );
}
