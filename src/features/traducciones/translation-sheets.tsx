/**
 * Spreadsheets for translators who work on paper or a laptop: download every
 * string or only the pending ones, and send a filled file back — first a preview of every
 * change and every error (unknown key, lost placeholder, empty text) from the server, then,
 * only if there is no error, the same file applied (the changes arrive as drafts). Online only:
 * the server reads and checks the file.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchTranslationsXlsx,
  importTranslations,
  translationsXlsxFilename,
  type TranslationExportScope,
  type TranslationImportAnswer,
} from '#api/traducciones';
import { Button } from '#ui/button.tsx';
import { saveBlob } from '#ui/save-blob.ts';
import { useOnline } from '#ui/use-online.ts';
import { useMessageText } from '#ui/message-text.ts';

/** The file's bytes as base64 (the import's `archivo`). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

type Status = 'idle' | 'busy' | 'failed' | 'applied';

export function ImportPreview({ answer }: { answer: TranslationImportAnswer }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  return (
    <div className="translation-import" data-testid="import-preview">
      <p>
        {t('traducciones.import.summary', {
          changes: answer.cambios.length,
          errors: answer.errores.length,
        })}
      </p>
      {answer.errores.length > 0 ? (
        <ul className="translation-problems" role="alert" data-testid="import-errors">
          {answer.errores.map((error) => (
            <li key={`${error.fila}-${error.clave}`}>
              {t('traducciones.import.row', { fila: error.fila, clave: error.clave })}{' '}
              {messageText(error.mensaje)}
            </li>
          ))}
        </ul>
      ) : null}
      {answer.cambios.length > 0 ? (
        <ul className="translation-changes" data-testid="import-changes">
          {answer.cambios.map((change) => (
            <li key={`${change.fila}-${change.clave}`}>
              {t('traducciones.import.row', { fila: change.fila, clave: change.clave })}{' '}
              <del>{change.antes ?? '—'}</del> → <ins>{change.despues}</ins>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function TranslationSheets() {
  const { t } = useTranslation();
  const online = useOnline();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<string | null>(null);
  const [preview, setPreview] = useState<TranslationImportAnswer | null>(null);
  const [status, setStatus] = useState<Status>('idle');

  async function download(solo: TranslationExportScope) {
    setStatus('busy');
    try {
      saveBlob(await fetchTranslationsXlsx('tz', solo), translationsXlsxFilename('tz', solo));
      setStatus('idle');
    } catch {
      setStatus('failed');
    }
  }

  async function check(chosen: File) {
    setStatus('busy');
    setPreview(null);
    try {
      const archivo = await fileToBase64(chosen);
      setFile(archivo);
      setPreview(await importTranslations(archivo, false));
      setStatus('idle');
    } catch {
      setStatus('failed');
    }
  }

  async function apply() {
    if (file === null) return;
    setStatus('busy');
    try {
      const answer = await importTranslations(file, true);
      setPreview(answer);
      setStatus(answer.errores.length === 0 ? 'applied' : 'idle');
    } catch {
      setStatus('failed');
    }
  }

  if (!online)
    return (
      <p className="translation-sheets" role="status" data-testid="sheets-offline">
        {t('traducciones.sheets.offline')}
      </p>
    );
  const busy = status === 'busy';
  return (
    <div className="translation-sheets">
      <Button busy={busy} onClick={() => void download('todas')}>
        {t('traducciones.sheets.exportAll')}
      </Button>
      <Button busy={busy} onClick={() => void download('pendientes')}>
        {t('traducciones.sheets.exportPending')}
      </Button>
      {/* The hidden file input is opened by a real button: focusable, 44 px, named. */}
      <Button onClick={() => fileInput.current?.click()}>{t('traducciones.sheets.import')}</Button>
      <input
        ref={fileInput}
        type="file"
        hidden
        data-testid="import-file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) void check(chosen);
          // The same file chosen again (after fixing it) must fire again.
          event.target.value = '';
        }}
      />
      {status === 'failed' ? <p role="alert">{t('traducciones.sheets.failed')}</p> : null}
      {status === 'applied' && preview ? (
        <p role="status">{t('traducciones.import.applied', { count: preview.aplicados })}</p>
      ) : null}
      {preview && status !== 'applied' ? (
        <>
          <ImportPreview answer={preview} />
          {preview.errores.length === 0 && preview.cambios.length > 0 ? (
            <Button variant="primary" busy={busy} onClick={() => void apply()}>
              {t('traducciones.import.apply', { count: preview.cambios.length })}
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
