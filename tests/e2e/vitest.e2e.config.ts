import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './workers.ts';

// End-to-end journeys: real servers (global setup, one per worker, each on a free port with a
// throw-away data directory), driven through Debian's Chromium by playwright-core. E2E_WORKERS
// files run at once, each worker on its own server; a worker's files run one after the other.
// Pictures: of failed tests only (setup.ts); `npm run shots` takes every one (E2E_SHOTS=1).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/setup.ts'],
    pool: 'forks',
    fileParallelism: E2E_WORKERS > 1,
    maxWorkers: E2E_WORKERS,
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
