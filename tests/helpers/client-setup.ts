import 'fake-indexeddb/auto';
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';

// The app fetches the area strings of the Spanish dictionary with its first screen
// (src/app/screens.tsx); tests that render a screen directly get them here.
beforeAll(async () => {
  const { ensureFullDictionary } = await import('#i18n/setup');
  await ensureFullDictionary();
});

afterEach(() => {
  cleanup();
});
