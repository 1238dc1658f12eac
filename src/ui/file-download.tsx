/**
 * A download of a file the server builds: while it runs, the button is busy and a status line
 * says what is happening — the server is preparing the file (a large spreadsheet can take a
 * while and there is no time limit), then how much of it has arrived.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '#domain/format';
import { showError } from '#ui/error-store.ts';

/** Where the file is (the API's `DownloadProgress`, restated: this layer does not import it). */
export type DownloadProgress = { phase: 'preparing' } | { phase: 'receiving'; bytes: number };

export interface FileDownload {
  busy: boolean;
  progress: DownloadProgress | null;
  run: () => void;
}

/** `task` fetches and saves the file, reporting through the progress callback it is given. */
export function useFileDownload(
  task: (onProgress: (progress: DownloadProgress) => void) => Promise<unknown>,
): FileDownload {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  async function runTask() {
    setProgress({ phase: 'preparing' });
    try {
      await task(setProgress);
    } catch (error) {
      showError(error);
    } finally {
      setProgress(null);
    }
  }
  return { busy: progress !== null, progress, run: () => void runTask() };
}

/** The status line of a download in flight (nothing when none is). */
export function DownloadStatus({ progress }: { progress: DownloadProgress | null }) {
  const { t } = useTranslation();
  if (!progress) return null;
  return (
    <span className="download-status" role="status" data-testid="download-status">
      {progress.phase === 'preparing'
        ? t('ui.download.preparing')
        : t('ui.download.receiving', { kb: formatNumber(Math.ceil(progress.bytes / 1024)) })}
    </span>
  );
}
