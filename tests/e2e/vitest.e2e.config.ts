import { defineConfig } from 'vitest/config';

// End-to-end journeys: one real server (global setup) on a free port with a throw-away data
// directory, driven through Debian's Chromium by playwright-core. Files run one at a time.
// Pictures: of failed tests only (setup.ts); `npm run shots` takes every one (E2E_SHOTS=1).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
