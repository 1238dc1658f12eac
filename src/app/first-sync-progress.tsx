/**
 * The first (full) pull's progress line under the top bar: until the first page arrives, that it
 * waits for the server; then rows and kilobytes received so far, counting up while pages arrive
 * (and on from where a pull cut off was, src/sync/pull.ts), and — once the server has said how many rows the pull brings
 * — a percentage and a bar that fills. Until then the bar only says "working".
 * After the pull, while the service worker caches the role's screens for offline use
 * (role-files.ts), the line counts those files: the phone is not ready for the field before.
 */
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { formatNumber } from '#domain/format';
import { syncStatus } from '#sync/status-store';
import { roleFilesStore, type RoleFilesState } from '#app/role-files.ts';

/** Whole percent done; never 100 before the pull says it is over. */
function percentOf(rows: number, total: number | undefined): number | null {
  if (total === undefined || total <= 0) return null;
  return Math.min(99, Math.floor((rows * 100) / total));
}

function ScreensProgress({ files }: { files: RoleFilesState }) {
  const { t } = useTranslation();
  const percent = percentOf(files.held, files.total || undefined);
  return (
    <div className="first-sync" role="status" data-testid="first-sync-progress">
      <div className="first-sync-bar" aria-hidden="true">
        {percent === null ? (
          <span className="first-sync-fill" />
        ) : (
          <span className="first-sync-fill is-known" style={{ width: `${percent}%` }} />
        )}
      </div>
      <p className="first-sync-text">
        {files.total > 0
          ? t('syncCenter.screensProgress', {
              held: formatNumber(files.held, 0),
              total: formatNumber(files.total, 0),
            })
          : t('syncCenter.screensStarting')}
      </p>
    </div>
  );
}

export function FirstSyncProgress() {
  const { t } = useTranslation();
  const pull = useStore(syncStatus, (s) => s.pull);
  const files = useStore(roleFilesStore);
  // Offline, the first download waits: say so instead of a bar that seems to work.
  const paused = useStore(syncStatus, (s) => s.phase === 'offline');
  // The screens' line waits for the data download to have started: before it, "preparing the
  // screens" would be the first thing a new phone says while nothing is arriving yet.
  const downloadStarted = useStore(syncStatus, (s) => s.pull !== null || s.lastPullAt !== null);
  const pulling = pull !== null && pull.initial && !pull.done;
  if (!pulling)
    return files.preparing && downloadStarted ? <ScreensProgress files={files} /> : null;
  const percent = percentOf(pull.rows, pull.total);
  // Before the first page, "0 records · 0 KB" would read as a download that does not move.
  const nothingYet = pull.rows === 0 && pull.bytes === 0;
  const counts = {
    rows: formatNumber(pull.rows, 0),
    kb: formatNumber(pull.bytes / 1024, 0),
  };
  return (
    <div className="first-sync" role="status" data-testid="first-sync-progress">
      {paused ? null : percent === null ? (
        <div className="first-sync-bar" aria-hidden="true">
          <span className="first-sync-fill" />
        </div>
      ) : (
        <div className="first-sync-bar" aria-hidden="true">
          <span className="first-sync-fill is-known" style={{ width: `${percent}%` }} />
        </div>
      )}
      <p className="first-sync-text">
        {paused
          ? t('syncCenter.progressPaused', counts)
          : nothingYet
            ? t('syncCenter.progressWaiting')
            : percent === null
              ? t('syncCenter.progress', counts)
              : t('syncCenter.progressKnown', {
                  ...counts,
                  total: formatNumber(pull.total ?? 0, 0),
                  percent,
                })}
      </p>
    </div>
  );
}
