/**
 * The receipt shown right after a capture is confirmed and queued (#ui/receipt-store): mounted once
 * by the private layout, so it stays on screen across the form's own navigation until it is closed.
 * A sheet over the screen, not a modal dialog: the form behind stays usable (a refusal's reasons
 * arrive there while the member reads), and focus moves to the receipt's heading when it opens. The
 * view is loaded on first use.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { closeReceipt, useShownReceipt } from '#ui/receipt-store.ts';
import type { ReceiptView as ReceiptViewComponent } from '#features/recibos/receipt-view.tsx';
import { whenIdleAfterStart } from '#app/idle-after-start.ts';

/** The view once its chunk has arrived: rendered directly, with no Suspense round. */
let loadedView: typeof ReceiptViewComponent | null = null;
const loadReceiptView = () =>
  import('#features/recibos/receipt-view.tsx').then((m) => {
    loadedView = m.ReceiptView;
    return m;
  });
const LazyReceiptView = lazy(() => loadReceiptView().then((m) => ({ default: m.ReceiptView })));

/**
 * Fetch the receipt's view once the app is idle after its start: the first receipt of the day then shows as fast
 * as the others (on a cheap phone, loading it at the confirmation cost most of a second). Once
 * loaded it is rendered directly: even an already-fetched lazy view suspends on its first
 * render, and React holds a revealed Suspense boundary back for up to 300 ms — most of the gap
 * measured between the first receipt and the next ones.
 */
function usePreloadedReceiptView(): void {
  const { pathname } = useLocation();
  const onCaptureForm = RECEIPT_FORMS.has(pathname);
  useEffect(() => {
    // A failed fetch is tried again by the lazy view when a receipt is shown.
    const load = () => void loadReceiptView().catch(() => undefined);
    // On a form that issues receipts the first one is moments away: fetch it now.
    if (onCaptureForm) {
      load();
      return undefined;
    }
    return whenIdleAfterStart(load, 5_000);
  }, [onCaptureForm]);
}

/** The forms whose capture ends on a receipt. */
const RECEIPT_FORMS = new Set(['/pago-formato', '/acopio-formato', '/movimiento-formato']);

/**
 * Focus on the sheet once it has been painted: focusing in the commit forced a layout of the
 * new sheet before its first frame (tens of milliseconds on a cheap phone), on the path the
 * member waits on.
 */
function focusAfterPaint(element: HTMLElement | null): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(() => element?.focus(), 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

export function ReceiptHost() {
  const { t } = useTranslation();
  const current = useShownReceipt((s) => s.current);
  const received = useShownReceipt((s) => s.received);
  const sheet = useRef<HTMLElement>(null);
  usePreloadedReceiptView();
  useEffect(() => (current ? focusAfterPaint(sheet.current) : undefined), [current]);
  // Leaving the private screens (logout, another user) closes it: it is this user's receipt.
  useEffect(() => closeReceipt, []);
  if (!current) return null;
  const ReceiptView = loadedView ?? LazyReceiptView;
  return (
    <section
      ref={sheet}
      className="receipt-sheet"
      aria-label={t('recibos.modalTitle')}
      tabIndex={-1}
      data-testid="receipt-sheet"
      onKeyDown={(e) => {
        if (e.key === 'Escape') closeReceipt();
      }}
    >
      <Suspense fallback={null}>
        <ReceiptView
          receipt={current}
          onDone={closeReceipt}
          knownState={received ? { kind: 'received' } : undefined}
        />
      </Suspense>
    </section>
  );
}
