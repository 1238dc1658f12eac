/**
 * Whether this product's database may take an import: an empty one (no demo cooperative, no
 * accounts), or one an earlier import filled and this product has not written to since (a
 * re-run would put the original's values back over those changes; `--force` accepts that).
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

export async function checkTarget(tx: Db, options: { force: boolean }): Promise<void> {
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
  const now = await rowVersionMark(tx);
  if (now > last.row_version_mark && !options.force)
    throw new TargetRefused(
      `This product has written rows since the last import (${last.finished_at.toISOString()}): ` +
        'running it again would put the original’s values back over their changes for the ' +
        'same ids. Run with --force to do it anyway.',
    );
}
