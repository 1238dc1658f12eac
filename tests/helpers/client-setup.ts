import 'fake-indexeddb/auto';
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy…/waitFor give up after 1 s by default: on CI's two shared cores (a worker per core) a
// file's first screen — its lazy modules imported for the first time in that worker — can take
// several seconds, and tests failed that pass alone (one took over 5 s at a load of 15). A test
// that must fail still fails, 15 seconds later.
configure({ asyncUtilTimeout: 15_000 });

// The app fetches the area strings of the Spanish dictionary with its first screen
// (src/app/screens.tsx); tests that render a screen directly get them here.
beforeAll(async () => {
  const { ensureFullDictionary } = await import('#i18n/setup');
  await ensureFullDictionary();
});

afterEach(() => {
  cleanup();
});
