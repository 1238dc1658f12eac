import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { shellLocale } from './scripts/vite-shell-locale.ts';

/**
 * Server tests whose outcome cannot depend on the engine: they run once, on PGlite, and are left
 * out when DATABASE_URL points at PostgreSQL. PGlite is PostgreSQL itself, so SQL means the same
 * on both; what differs is the driver (how values come back), real concurrency (locks, two
 * connections, a pool) and connection loss. These files test what happens before or beside the
 * database: HTTP, headers, tokens, validation and its messages, the role matrix, the OpenAPI
 * document, the CLI's arguments, the prerendered pages. `one-writer` is about the embedded
 * database's lock and runs on PGlite whatever DATABASE_URL says (its processes get none), so a
 * second run would repeat the same test. A new server test runs on both engines unless it is
 * added here.
 */
const ENGINE_AGNOSTIC_SERVER_TESTS = [
  'answer-schemas',
  'auth',
  'auth-original-hash',
  'cli-translations',
  'cli-user',
  'cli-user-translator',
  'errors',
  'existence-oracle',
  'http',
  'i18n',
  'members-malformed',
  'members-permissions',
  'one-writer',
  'openapi',
  'reportes-access',
  'security-csp',
  'security-fuzz',
  'security-jwt',
  'security-logs',
  'security-matrix',
  'solicitudes-transitions',
  'static-prerendered',
  'validate',
].map((name) => `tests/server/${name}.test.ts`);

// Four projects, one per test folder (docs/testing.md). Server and sync tests
// spin up PGlite or a real server, so they run in forks with a generous timeout. Their files
// share a worker's module cache (isolate: false): each file builds its own app and database,
// and server/ keeps no request's or database's state in a module (only caches of static files
// and definitions). Importing the server afresh for every file
// was most of their CPU: on 30 server files, 370 CPU-seconds with isolation, 213 without
// (docs/testing.md#ci). The client's screen tests stay isolated: their stores and the phone's
// database are module state.
export default defineConfig({
  test: {
    // One test worker per core. Vitest's default leaves a core to its own main process, which
    // only waits while the workers run: on the 2-core CI machine that was one worker and a core
    // mostly idle (docs/testing.md#ci).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'domain',
          include: ['tests/domain/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          // tests/server-pg only means something on a real PostgreSQL server; the property "the
          // replica is the scope" (a sync test, PGlite there) runs here on PostgreSQL too.
          include: [
            'tests/server/**/*.test.ts',
            ...(process.env.DATABASE_URL
              ? ['tests/server-pg/**/*.test.ts', 'tests/sync/replica-scope.property.test.ts']
              : []),
          ],
          exclude: process.env.DATABASE_URL ? ENGINE_AGNOSTIC_SERVER_TESTS : [],
          environment: 'node',
          pool: 'forks',
          isolate: false,
          globalSetup: ['tests/helpers/db-template-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [shellLocale(), react()],
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/helpers/client-setup.ts'],
          // CI runs this suite beside the end-to-end journeys on two cores: a screen test that
          // takes 2 s alone can take 10. Vitest's 5 s default cut such tests off mid-way (and
          // their leftovers broke the next test); a wrong answer still fails at once.
          testTimeout: 30_000,
          server: { deps: { inline: ['@mauricioinaz/say-tseltal'] } },
        },
      },
      {
        test: {
          name: 'sync',
          include: ['tests/sync/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/helpers/db-template-setup.ts'],
          setupFiles: ['tests/helpers/sync-setup.ts'],
        },
      },
    ],
  },
});
