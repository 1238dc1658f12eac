/**
 * The original system's database, read-only. Every table is read with ONE query that packs its
 * rows into one JSON text (`json_agg`): dates arrive as 'YYYY-MM-DD' (never a JavaScript Date
 * shifted by a time zone), numerics are cast to text by the queries (exact money), and the cost
 * per value of the driver disappears. The whole read runs in one REPEATABLE READ READ ONLY
 * transaction: one consistent snapshot, and nothing can be written by mistake.
 */
import pg from 'pg';

/** What the importer needs from a connection: pg's Client and PGlite both fit. */
export interface SourceDb {
  query(text: string): Promise<{ rows: unknown[] }>;
}

export class SourceError extends Error {}

/** Rows of `select` as parsed JSON values (one object per row). */
export async function readJsonRows(source: SourceDb, select: string): Promise<unknown[]> {
  const result = await source.query(
    `SELECT coalesce(json_agg(t), '[]'::json)::text AS packed FROM (${select}) t`,
  );
  const first: unknown = result.rows[0];
  const packed =
    typeof first === 'object' && first !== null && 'packed' in first ? first.packed : null;
  if (typeof packed !== 'string') throw new SourceError('the source answered no rows');
  const parsed: unknown = JSON.parse(packed);
  if (!Array.isArray(parsed)) throw new SourceError('the source answered no list');
  return parsed;
}

/** Whether `ST_AsGeoJSON` exists (PostGIS, or a stand-in of a test fixture). */
export async function hasGeoJson(source: SourceDb): Promise<boolean> {
  const rows = await readJsonRows(
    source,
    // pg_proc, not to_regproc: PostGIS overloads the name, which to_regproc calls ambiguous.
    `SELECT EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'st_asgeojson') AS present`,
  );
  const first: unknown = rows[0];
  return (
    typeof first === 'object' && first !== null && 'present' in first && first.present === true
  );
}

/** host:port/database of a connection string, without user or password (for reports). */
export function describeSource(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return '(unreadable connection string)';
  }
}

export interface OpenedSource {
  source: SourceDb;
  close(): Promise<void>;
}

/** Connect to the original's PostgreSQL and open the read-only snapshot. */
export async function openOriginal(url: string): Promise<OpenedSource> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // Audit timestamps are read as UTC instants, as the original stores and shows them.
    await client.query(`SET LOCAL TIME ZONE 'UTC'`);
  } catch (error) {
    await client.end();
    throw error;
  }
  return {
    source: client,
    close: async () => {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    },
  };
}
