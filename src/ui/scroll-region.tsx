/**
 * Scrolling boxes a keyboard can scroll (WCAG 2.1.1; axe "scrollable-region-focusable"): a box
 * that overflows but holds no control becomes a Tab stop, so arrow keys scroll it once it has
 * focus; a box with controls scrolls as Tab moves through them and adds no stop. Re-checked
 * when the box or its content resizes, or its content changes.
 */
import { useCallback, type ReactNode } from 'react';

const CONTROLS = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** A callback ref for the scrolling element (React 19 runs the returned cleanup on detach). */
export function useKeyboardScroll<E extends HTMLElement>(): (element: E | null) => () => void {
  return useCallback((element: E | null) => {
    if (!element) return () => undefined;
    const update = () => {
      const stuck =
        (element.scrollHeight > element.clientHeight + 1 ||
          element.scrollWidth > element.clientWidth + 1) &&
        !element.querySelector(CONTROLS);
      if (stuck) element.setAttribute('tabindex', '0');
      // Never pull the stop from under the focus (that would drop it on the page).
      else if (document.activeElement !== element) element.removeAttribute('tabindex');
    };
    update();
    const mutations = new MutationObserver(update);
    // Text changing in place (a figure arriving) widens the content without adding nodes.
    mutations.observe(element, { childList: true, subtree: true, characterData: true });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resizes?.observe(element);
    // The content growing past the box resizes the content, not the box.
    for (const child of element.children) resizes?.observe(child);
    return () => {
      mutations.disconnect();
      resizes?.disconnect();
    };
  }, []);
}

export interface ScrollRegionProps {
  className: string;
  /** Already translated: what a screen reader says when the box gets focus. */
  label: string;
  children: ReactNode;
}

/** A named box that scrolls (a wide table on a phone, a long list). */
export function ScrollRegion({ className, label, children }: ScrollRegionProps) {
  const ref = useKeyboardScroll<HTMLDivElement>();
  return (
    <div ref={ref} className={className} role="region" aria-label={label}>
      {children}
    </div>
  );
}
