/**
 * A string's history (GET …/historial/, online only): who did what and when,
 * the texts before and after, and "back to before this" — queued as a revert through the
 * outbox (translators and managers).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationHistoryEntry } from '#domain/translations';
import { mayReviewTranslations } from '#domain/translations';
import { fetchTranslationHistory } from '#api/traducciones';
import { enqueue } from '#commands/outbox';
import { traduccionRecordId } from '#commands/traducciones';
import { Button } from '#ui/button.tsx';
import { DateText } from '#ui/date-text.tsx';
import { useOnline } from '#ui/use-online.ts';
import { useTranslatorUser, type TranslationItem } from './use-traducciones-data.ts';

type Loaded = { entries: TranslationHistoryEntry[] } | { failed: true } | null;

export function TranslationHistory({ item }: { item: TranslationItem }) {
  const { t } = useTranslation();
  const online = useOnline();
  const user = useTranslatorUser();
  const [loaded, setLoaded] = useState<Loaded>(null);

  useEffect(() => {
    if (!online) return;
    let live = true;
    fetchTranslationHistory('tz', item.key).then(
      (entries) => live && setLoaded({ entries }),
      () => live && setLoaded({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [item.key, online]);

  if (!online) return <p className="translation-history">{t('traducciones.history.offline')}</p>;
  if (loaded === null) return <p className="translation-history">{t('traducciones.loading')}</p>;
  if ('failed' in loaded)
    return <p className="translation-history">{t('traducciones.history.failed')}</p>;
  if (loaded.entries.length === 0)
    return <p className="translation-history">{t('traducciones.history.empty')}</p>;

  function revert(entry: TranslationHistoryEntry) {
    void enqueue(
      'traduccion.revert',
      {
        idioma: 'tz',
        clave: item.key,
        historial: entry.id,
        restored: { texto: entry.texto_antes, borrador: entry.borrador_antes },
        before: item.row ?? null,
      },
      { recordId: traduccionRecordId({ idioma: 'tz', clave: item.key }) },
    );
  }

  return (
    <ol className="translation-history" data-testid="translation-history">
      {loaded.entries.map((entry) => (
        <li key={entry.id}>
          <p>
            <strong>{t(`traducciones.history.actions.${entry.accion}`)}</strong> · {entry.usuario} ·{' '}
            <DateText iso={entry.fecha.slice(0, 10)} />
          </p>
          <p>
            {t('traducciones.history.before')}: {entry.texto_antes ?? entry.borrador_antes ?? '—'}
          </p>
          <p>
            {t('traducciones.history.after')}:{' '}
            {entry.texto_despues ?? entry.borrador_despues ?? '—'}
          </p>
          {mayReviewTranslations(user) ? (
            <Button variant="ghost" onClick={() => revert(entry)}>
              {t('traducciones.history.revert')}
            </Button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
