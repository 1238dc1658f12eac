/**
 * Catches a rendering crash and shows a translated message with a reload button instead of a
 * white screen. The message component uses the hook-based translation, so it follows the
 * current language even though the boundary itself is a class.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function CrashMessage() {
  const { t } = useTranslation();
  return (
    <section className="screen crash" role="alert">
      <h1 className="screen-title">{t('errors.crashTitle')}</h1>
      <p className="screen-lead">{t('errors.crashText')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </section>
  );
}

interface State {
  failed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashMessage /> : this.props.children;
  }
}
