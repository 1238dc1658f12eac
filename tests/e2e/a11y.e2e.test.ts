/**
 * Accessibility of every screen of `src/app/screens.tsx` and of the main modals, for the role
 * that reaches it: the public pages logged out, the member's two screens as `socio`, the
 * promoter's field screens, every private screen as the manager (who reaches them all; the
 * selection screens through the list → detail → action flow). Each state is checked
 * - with axe-core at phone (360×740) and desktop size: no serious or critical violation;
 * - at phone size, for touch targets: every visible button, link, field, select, tab and
 *   checkbox label is at least 44×44 CSS px. Excluded, as WCAG 2.5.8 allows: links inside
 *   running text (p, dd, td, figcaption) and anything hidden or under an open modal.
 * One browser; one context per role with reduced motion (no half-finished transitions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { GUARDED_ROUTES, PUBLIC_ROUTES, SOCIO_ROUTES, STAFF_ROUTES } from '#domain/permissions';
import { DESKTOP, PHONE, launchBrowser, newContextWith, screenshot } from './browser';
import { axeFindings, settle, smallTargets, type Finding } from './a11y-support';
import { login, openAs, serverURL, type ProfileUser } from './helpers';
import {
  MEMBER_VISITS,
  PROMOTER_VISITS,
  PUBLIC_PATHS,
  findPicks,
  managerVisits,
  type Picks,
  type Visit,
} from './a11y-visits';

interface Problems {
  axe: string[];
  targets: string[];
}

const describeFinding = (where: string, f: Finding) =>
  `${where}: ${f.rule} (${f.impact}) — ${f.help}\n    ${f.targets.slice(0, 4).join('\n    ')}`;

/** Check the page as it is now at both sizes; the page is left at phone size. */
async function check(page: Page, name: string, problems: Problems, shot: boolean): Promise<void> {
  for (const f of await axeFindings(page)) problems.axe.push(describeFinding(`${name} [phone]`, f));
  const small = await smallTargets(page);
  const seen = new Set<string>();
  for (const s of small) {
    const line = `${name}: ${s.what} is ${s.width}×${s.height}`;
    if (!seen.has(line)) problems.targets.push(line);
    seen.add(line);
  }
  const file = `a11y-${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}`;
  if (shot) await screenshot(page, `${file}-phone`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(100);
  for (const f of await axeFindings(page))
    problems.axe.push(describeFinding(`${name} [desktop]`, f));
  if (shot) await screenshot(page, `${file}-desktop`);
  await page.setViewportSize(PHONE);
}

async function runVisits(page: Page, visits: readonly Visit[], problems: Problems) {
  for (const visit of visits) {
    await visit.open(page);
    // Routes are covered by the per-screen e2e screenshots; keep those of the modal states.
    await check(page, visit.name, problems, !visit.name.startsWith('/'));
  }
}

function expectClean(problems: Problems): void {
  expect.soft(problems.axe, 'serious/critical axe violations').toEqual([]);
  expect.soft(problems.targets, 'touch targets under 44×44 px on a phone').toEqual([]);
}

describe('accessibility: axe on every screen and modal, touch targets on phones', () => {
  const baseURL = serverURL();
  let browser: Browser;
  let picks: Picks;

  const newPage = async (): Promise<Page> => {
    const context = await newContextWith(browser, {
      baseURL,
      viewport: PHONE,
      locale: 'es-MX',
      serviceWorkers: 'allow',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  };
  // Staff open the phone the run's set-up already logged in and pulled (helpers.ts, openAs):
  // the login and the first download are journeys of their own (foundation, field-journeys).
  const openStaff = async (username: ProfileUser): Promise<Page> => {
    const { page } = await openAs(browser, username, { viewport: PHONE });
    page.setDefaultTimeout(20_000);
    return page;
  };

  beforeAll(async () => {
    picks = await findPicks(baseURL);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the visits below reach every route of the app', () => {
    const visited = new Set(
      [...PUBLIC_PATHS, ...[...MEMBER_VISITS, ...managerVisits(() => picks)].map((v) => v.name)]
        .map((name) => /^\/[a-z-]*/.exec(name)?.[0])
        .filter((path) => path !== undefined),
    );
    const routes = [
      ...PUBLIC_ROUTES,
      ...SOCIO_ROUTES,
      ...STAFF_ROUTES,
      ...Object.keys(GUARDED_ROUTES),
    ].filter((path) => path !== '/logout');
    expect(routes.filter((path) => !visited.has(path))).toEqual([]);
  });

  it('the public pages, logged out', async () => {
    const page = await newPage();
    const problems: Problems = { axe: [], targets: [] };
    for (const path of PUBLIC_PATHS) {
      await page.goto(path);
      await settle(page);
      await check(page, path, problems, false);
    }
    await page.context().close();
    expectClean(problems);
  });

  it("a member's screens and own record", async () => {
    const page = await newPage();
    const problems: Problems = { axe: [], targets: [] };
    await login(page, 'socio');
    await runVisits(page, MEMBER_VISITS, problems);
    await page.context().close();
    expectClean(problems);
  });

  it("the promoter's field screens", async () => {
    const page = await openStaff('promotor');
    const problems: Problems = { axe: [], targets: [] };
    await runVisits(page, PROMOTER_VISITS, problems);
    await page.context().close();
    expectClean(problems);
  });

  it('every private screen and the main modals, as the manager', async () => {
    const page = await openStaff('gerente');
    const problems: Problems = { axe: [], targets: [] };
    await runVisits(
      page,
      managerVisits(() => picks),
      problems,
    );
    await page.context().close();
    expectClean(problems);
  }, 420_000);
});
