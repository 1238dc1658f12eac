/**
 * Whether this product's database may take an import: an empty one (no demo cooperative, no
 * accounts), or one an earlier import filled and this product has not written to since: no row
 * of a replicated table changed (row versions) and no row created in any imported table (ids).
 * A re-run would put the original's values back over those changes, or over a new row that took
 * an id the original uses too; `--force` accepts that.
 */
import { desc, sql } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '#server/db/client';
import { importRuns, REPLICATED_TABLES } from '#server/db/schema';

export class TargetRefused extends Error {}

const markAnswer = z.object({ rows: z.array(z.object({ mark: z.coerce.number() })) });

/** Highest row_version over the replicated tables (0 when empty). */
export async function rowVersionMark(tx: Db): Promise<number> {
  const parts = REPLICATED_TABLES.map(
    (t) => sql`coalesce((SELECT max(row_version) FROM ${sql.identifier(t)}), 0)`,
  );
  const answer = markAnswer.parse(
    await tx.execute(sql`SELECT greatest(${sql.join(parts, sql`, `)}) AS mark`),
  );
  return answer.rows[0]?.mark ?? 0;
}

const countAnswer = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) });

async function holdsData(tx: Db): Promise<boolean> {
  const answer = countAnswer.parse(
    await tx.execute(
      sql`SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM regiones)
            + (SELECT count(*) FROM socios) + (SELECT count(*) FROM contratos) AS n`,
    ),
  );
  return (answer.rows[0]?.n ?? 0) > 0;
}

/** Highest id of each table an import writes, by table name (0 when empty). */
export async function maxIds(
  tx: Db,
  tables: readonly { target: string; key: string }[],
): Promise<Record<string, number>> {
  const parts = tables.map(
    (t) =>
      sql`${t.target}::text, coalesce((SELECT max(${sql.identifier(t.key)}) FROM ${sql.identifier(t.target)}), 0)`,
  );
  const answer = z
    .object({ rows: z.array(z.object({ ids: z.record(z.string(), z.number()) })) })
    .parse(await tx.execute(sql`SELECT json_build_object(${sql.join(parts, sql`, `)}) AS ids`));
  return answer.rows[0]?.ids ?? {};
}

export async function checkTarget(
  tx: Db,
  tables: readonly { target: string; key: string }[],
  options: { force: boolean },
): Promise<void> {
  const [last] = await tx.select().from(importRuns).orderBy(desc(importRuns.id)).limit(1);
  if (!last) {
    if (await holdsData(tx))
      throw new TargetRefused(
        'This database already holds data that did not come from an import (the demo ' +
          'cooperative of `npm start`?). Import into an empty database: a new DATA_DIR, or a ' +
          'new PostgreSQL database in DATABASE_URL.',
      );
    return;
  }
  if (options.force) return;
  const changed = (await rowVersionMark(tx)) > last.row_version_mark;
  const now = await maxIds(tx, tables);
  const created = Object.entries(now)
    .filter(([table, id]) => id > (last.max_ids[table] ?? 0))
    .map(([table]) => table);
  if (changed || created.length > 0)
    throw new TargetRefused(
      `This product has written rows since the last import (${last.finished_at.toISOString()})` +
        `${created.length > 0 ? `, new ones in ${created.join(', ')}` : ''}: running it again ` +
        'would put the original’s values back over their changes, or over new rows that took ' +
        'the same ids. Run with --force to do it anyway.',
    );
}
