/**
 * Editing one string, inline on /traducciones or in context: the Spanish
 * source and English beside a textarea, the placeholder rule checked on the phone before
 * anything is queued (the server checks it again), a warning when a short label grows too long
 * to fit its button, and the save queued in the outbox (works offline). Approve and history
 * sit beside it for reviewers.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  mayApproveDraft,
  mayTranslate,
  mayNotFit,
  translationProblems,
  type TranslationProblem,
} from '#domain/translations';
import { enqueue } from '#commands/outbox';
import { traduccionRecordId } from '#commands/traducciones';
import { Button } from '#ui/button.tsx';
import { TranslationHistory } from './translation-history.tsx';
import { useTranslatorUser, type TranslationItem } from './use-traducciones-data.ts';

export function problemText(t: TFunction, problem: TranslationProblem): string {
  switch (problem.code) {
    case 'empty':
      return t('traducciones.problems.empty');
    case 'pendingMarker':
      return t('traducciones.problems.pendingMarker');
    case 'tooLong':
      return t('traducciones.problems.tooLong', { max: problem.max });
    case 'placeholders':
      return t('traducciones.problems.placeholders', {
        missing: problem.missing.join(' ') || '—',
        extra: problem.extra.join(' ') || '—',
      });
  }
}

export function approveDraft(item: TranslationItem): Promise<unknown> | null {
  const row = item.row;
  if (!row || row.borrador === null) return null;
  return enqueue(
    'traduccion.approve',
    { idioma: 'tz', clave: item.key, borrador: row.borrador, before: row },
    { recordId: traduccionRecordId({ idioma: 'tz', clave: item.key }) },
  );
}

export function TranslationEditor({ item, onDone }: { item: TranslationItem; onDone: () => void }) {
  const { t } = useTranslation();
  const user = useTranslatorUser();
  const textId = useId();
  const noteId = useId();
  const [text, setText] = useState(item.draft ?? item.approved ?? '');
  const [note, setNote] = useState(item.row?.nota ?? '');
  const [shown, setShown] = useState<TranslationProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState(false);
  const canSave = mayTranslate(user);
  const tooLong = mayNotFit(item.es, text);

  async function save() {
    const problems = translationProblems(item.es, text);
    setShown(problems);
    if (problems.length > 0) return;
    setBusy(true);
    try {
      await enqueue(
        'traduccion.save',
        {
          idioma: 'tz',
          clave: item.key,
          texto: text,
          nota: note.trim() === '' ? null : note,
          before: item.row ?? null,
        },
        { recordId: traduccionRecordId({ idioma: 'tz', clave: item.key }) },
      );
      onDone();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="translation-editor" data-testid="translation-editor">
      <p className="translation-source">
        <span className="translation-label">{t('traducciones.fields.es')}</span> {item.es}
      </p>
      <p className="translation-source">
        <span className="translation-label">{t('traducciones.fields.en')}</span> {item.en}
      </p>
      {canSave ? (
        <>
          <label htmlFor={textId} className="translation-label">
            {t('traducciones.fields.tz')}
          </label>
          <textarea
            id={textId}
            className="translation-text"
            rows={Math.min(8, Math.max(2, Math.ceil(item.es.length / 40)))}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setShown([]);
            }}
          />
          {tooLong ? (
            <p className="translation-warning" role="status" data-testid="translation-fit">
              {t('traducciones.fitWarning', { max: Math.ceil(item.es.length * 1.5) + 3 })}
            </p>
          ) : null}
          {shown.length > 0 ? (
            <ul className="translation-problems" role="alert" data-testid="translation-problems">
              {shown.map((problem) => (
                <li key={problem.code}>{problemText(t, problem)}</li>
              ))}
            </ul>
          ) : null}
          <label htmlFor={noteId} className="translation-label">
            {t('traducciones.fields.nota')}
          </label>
          <input
            id={noteId}
            className="translation-note"
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </>
      ) : null}
      <div className="translation-actions">
        {canSave ? (
          <Button variant="primary" busy={busy} onClick={() => void save()}>
            {t('traducciones.actions.saveDraft')}
          </Button>
        ) : null}
        {item.row && mayApproveDraft(user, item.row) ? (
          <Button onClick={() => void approveDraft(item)?.then(onDone)}>
            {t('traducciones.actions.approve')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => setHistory((open) => !open)}>
          {t('traducciones.actions.history')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('traducciones.actions.close')}
        </Button>
      </div>
      {history ? <TranslationHistory item={item} /> : null}
    </div>
  );
}
