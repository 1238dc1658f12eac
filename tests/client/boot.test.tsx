/**
 * The start with a session stored on the phone (cold start): the first draw waits for
 * the private side and the screen the page opens on, fetched together, so that screen renders
 * at once — no spinner first, which React would keep up to 300 ms more once the screen came.
 * A visitor's start fetches nothing.
 */
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '#i18n/setup';
import { clearSession, patchSession } from '#api/session-store';
import { meAnswer } from './api-fake-fetch';

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  clearSession();
});
afterEach(() => {
  clearSession();
  window.history.replaceState(null, '', '/');
});

describe('bootApp', () => {
  it('a visitor: nothing to wait for before the first draw', async () => {
    const { bootApp } = await import('#app/boot.ts');
    expect(bootApp()).toBeNull();
  });

  it('a stored session on /inicio: once the start has settled, the home renders without suspending', async () => {
    const user = meAnswer('PR');
    patchSession({ access: 'a', refresh: 'r', userId: user.id, user, role: 'PR' });
    window.history.replaceState(null, '', '/INICIO/');
    const { bootApp } = await import('#app/boot.ts');
    const restoring = bootApp();
    expect(restoring).not.toBeNull();
    await restoring;

    const { SCREENS } = await import('#app/screens.tsx');
    const Home = SCREENS['/inicio']!;
    render(
      <Suspense fallback={<p>still loading</p>}>
        <Home />
      </Suspense>,
    );
    // In the first commit, not after a fallback.
    expect(screen.queryByText('still loading')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Hola, ${user.first_name}`);
  });
});
