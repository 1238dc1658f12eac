/**
 * Keyboard of an ARIA tablist (WAI-ARIA tabs pattern, automatic activation): Left/Right move
 * to the previous/next tab (wrapping), Home/End to the first/last, and the tab reached is
 * selected. Put `onKeyDown={onTabListKeyDown}` on the `role="tablist"` element and give each
 * tab `tabIndex={selected ? 0 : -1}`, so Tab enters the list once, on the selected tab.
 */
import type { KeyboardEvent } from 'react';
import { present } from '#domain/guards';

export function onTabListKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const { key } = event;
  if (key !== 'ArrowRight' && key !== 'ArrowLeft' && key !== 'Home' && key !== 'End') return;
  const tabs = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled])'),
  );
  const current = tabs.findIndex((tab) => tab === document.activeElement);
  if (current < 0) return;
  event.preventDefault();
  const last = tabs.length - 1;
  const next =
    key === 'Home'
      ? 0
      : key === 'End'
        ? last
        : key === 'ArrowRight'
          ? (current + 1) % tabs.length
          : (current - 1 + tabs.length) % tabs.length;
  const target = present(tabs[next], 'the tab to move to');
  target.focus();
  target.click();
}
