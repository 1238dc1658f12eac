/**
 * The open/closed state of the side drawer and its toggle button. On phones the menu is a
 * drawer over the page; from 1024 px the CSS keeps it open beside the content (app.css), so
 * the state only matters on small screens.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function useDrawer() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return { open, toggle: () => setOpen((v) => !v), close };
}

export function DrawerButton({
  open,
  controls,
  onClick,
}: {
  open: boolean;
  controls: string;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="topbar-menu-button"
      data-testid="drawer-toggle"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? t('app.closeMenu') : t('app.openMenu')}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        {open ? (
          <path
            d="M6 6l12 12M18 6L6 18"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        ) : (
          <path
            d="M4 7h16M4 12h16M4 17h16"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        )}
      </svg>
    </button>
  );
}

/** The dimmed backdrop behind an open drawer on phones; a tap closes it. */
export function DrawerScrim({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <div className={`drawer-scrim${open ? ' is-open' : ''}`} aria-hidden="true" onClick={onClose} />
  );
}
