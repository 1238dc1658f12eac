/**
 * Accessible dialog: role="dialog" + aria-modal, named by its title, focus moved in on open
 * and restored on close, Tab kept inside, Esc and backdrop close unless `dismissible={false}`,
 * page scroll locked while open, full screen on phones (styles.css).
 */
import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useKeyboardScroll } from '#ui/scroll-region.tsx';

export interface ModalProps {
  open: boolean;
  /** Already translated. */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** False while a save runs or a decision is required: no Esc, no backdrop, no ×. */
  dismissible?: boolean;
  /** Role override for confirmations and errors. */
  role?: 'dialog' | 'alertdialog';
  /** Element to focus on open; default: the first control of the body, else the panel. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

const FOCUSABLE_PARTS = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
];
const FOCUSABLE = FOCUSABLE_PARTS.join(', ');
const BODY_FOCUSABLE = FOCUSABLE_PARTS.map((part) => `.modal-body ${part}`).join(', ');

let openModals = 0;
function lockScroll(): () => void {
  openModals += 1;
  if (openModals === 1) document.body.classList.add('scroll-locked');
  return () => {
    openModals -= 1;
    if (openModals === 0) document.body.classList.remove('scroll-locked');
  };
}

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'md',
  dismissible = true,
  role = 'dialog',
  initialFocusRef,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // A long body without controls (a detail) still scrolls by keyboard.
  const bodyRef = useKeyboardScroll<HTMLDivElement>();

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    const panel = panelRef.current;
    if (panel) {
      // Prefer the first form control; fall back to the panel so screen readers read the title.
      const first = initialFocusRef?.current ?? panel.querySelector<HTMLElement>(BODY_FOCUSABLE);
      (first ?? panel).focus();
    }
    return () => {
      unlock();
      if (previous && previous.isConnected) previous.focus();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      // Stop here so an outer modal (React events bubble through portals) stays open.
      event.stopPropagation();
      if (dismissible) onClose();
      return;
    }
    if (event.key === 'Tab' && panelRef.current) {
      event.stopPropagation();
      const items = focusables(panelRef.current);
      const first = items[0];
      const last = items.at(-1);
      if (first === undefined || last === undefined) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panelRef.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={`modal modal-${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {dismissible ? (
            <button
              type="button"
              className="btn btn-ghost btn-icon modal-close"
              onClick={onClose}
              aria-label={t('ui.modal.close')}
            >
              ×
            </button>
          ) : null}
        </header>
        <div ref={bodyRef} className="modal-body">
          {children}
        </div>
        {footer ? <footer className="modal-footer">{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}
