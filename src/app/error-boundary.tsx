/**
 * Catches a rendering crash and shows a translated message with a reload button instead of a
 * white screen. The message component uses the hook-based translation, so it follows the
 * current language even though the boundary itself is a class.
 *
 * A screen whose code is not on the phone yet (its files are still downloading after the first
 * login, and the signal went) fails to import: that is said as such, not as a crash.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Chromium, Firefox and Safari's messages for a dynamic `import()` whose file did not load. */
const MODULE_NOT_LOADED = /dynamically imported module|importing a module script failed/i;

export function isScreenNotDownloaded(error: unknown): boolean {
  return error instanceof TypeError && MODULE_NOT_LOADED.test(error.message);
}

function CrashMessage({ notDownloaded }: { notDownloaded: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="screen crash" role="alert">
      <h1 className="screen-title">
        {notDownloaded ? t('errors.notDownloadedTitle') : t('errors.crashTitle')}
      </h1>
      <p className="screen-lead">
        {notDownloaded ? t('errors.notDownloadedText') : t('errors.crashText')}
      </p>
      <div className="crash-actions">
        {notDownloaded ? (
          <button type="button" className="btn btn-secondary" onClick={() => window.history.back()}>
            {t('errors.back')}
          </button>
        ) : null}
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {notDownloaded ? t('errors.retry') : t('errors.reload')}
        </button>
      </div>
    </section>
  );
}

interface State {
  failed: boolean;
  notDownloaded: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, notDownloaded: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, notDownloaded: isScreenNotDownloaded(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? (
      <CrashMessage notDownloaded={this.state.notDownloaded} />
    ) : (
      this.props.children
    );
  }
}
