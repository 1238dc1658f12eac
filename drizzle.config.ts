import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes SQL migrations next to the schema; the server applies
// them at start with drizzle's migrator (PGlite or node-postgres, same files).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
