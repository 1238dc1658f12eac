import 'fake-indexeddb/auto';
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy…/waitFor give up after 1 s by default: on CI's two shared cores a screen that reads
// the replica (IndexedDB in memory) can take longer, and tests failed that pass alone. A test
// that must fail still fails, five seconds later.
configure({ asyncUtilTimeout: 5_000 });

// The app fetches the area strings of the Spanish dictionary with its first screen
// (src/app/screens.tsx); tests that render a screen directly get them here.
beforeAll(async () => {
  const { ensureFullDictionary } = await import('#i18n/setup');
  await ensureFullDictionary();
});

afterEach(() => {
  cleanup();
});
