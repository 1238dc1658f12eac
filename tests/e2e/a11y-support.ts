/**
 * Shared by the accessibility e2e files: axe-core injected into the page, in-app navigation
 * (no reload, so a selection made in one screen survives into the next), and the touch-target
 * measurement of WCAG 2.5.5 / 2.5.8 on phone layouts.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = (require('axe-core') as { source: string }).source;

/** The smallest touch target accepted on phones, in CSS px (both sides). */
export const MIN_TARGET = 44;

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core's serious and critical violations on the page as it is now. The script is
 * evaluated through the DevTools protocol (not a <script> tag), so the app's CSP, which
 * forbids inline scripts, stays on and is exercised too.
 */
export async function axeFindings(page: Page): Promise<Finding[]> {
  // Colours are judged once transitions (e.g. a tab just chosen) have ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    interface AxeNode {
      target: unknown[];
      failureSummary?: string;
    }
    interface AxeViolation {
      id: string;
      impact: string | null;
      help: string;
      nodes: AxeNode[];
    }
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map(
        (n) =>
          `${n.target.map(String).join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Visible interactive elements smaller than MIN_TARGET × MIN_TARGET CSS px, laid out anywhere
 * on the page (scrolling does not change a size). A checkbox or radio counts with its label
 * (wrapping it or pointing at it): the label is what a finger taps. Not counted: links inside
 * running text (<p>, <dd>, <figcaption>; WCAG 2.5.8's inline exception), hidden elements
 * (display/visibility, aria-hidden, inert) and what lies under an open modal.
 */
export async function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="link"]',
    ].join(',');
    const modals = document.querySelectorAll('[aria-modal="true"]');
    const modal = modals.length > 0 ? modals[modals.length - 1]! : null;
    const found: { what: string; width: number; height: number }[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (modal && !modal.contains(el)) continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Inline links in prose: the text around them sets their size (WCAG 2.5.8 exception).
      if (el.tagName === 'A' && el.closest('p, dd, figcaption')) continue;
      const input = el as HTMLInputElement;
      if (el.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio')) {
        const label =
          el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      if (box.width + 0.5 >= min && box.height + 0.5 >= min) continue;
      // (No helper functions in here: the bundler's name helpers do not exist in the page.)
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      const name = el.getAttribute('name') ?? el.getAttribute('data-testid') ?? '';
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      found.push({
        what: `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${name ? `[${name}]` : ''} "${text}"`,
        width: Math.round(box.width),
        height: Math.round(box.height),
      });
    }
    return found;
  }, MIN_TARGET);
}

/** Go to `path` inside the running app (history push + popstate, as a link does). */
export async function goInApp(page: Page, path: string): Promise<void> {
  // A modal left open by the previous state would stay over a screen that does not remount.
  const modals = page.locator('[aria-modal="true"]');
  for (let i = 0; i < 3 && (await modals.count()) > 0; i += 1) {
    await modals.last().focus();
    await page.keyboard.press('Escape');
  }
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

/** Wait until the lazy screen is drawn and nothing says it is loading. */
export async function settle(page: Page): Promise<void> {
  await page.locator('main h1, h1').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => document.querySelectorAll('main .spinner:not(.is-inline)').length === 0,
    undefined,
    { timeout: 30_000 },
  );
  await page.waitForTimeout(150);
}
