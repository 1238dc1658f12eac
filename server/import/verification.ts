/**
 * The verification's bookkeeping: per figure how many values were checked, equal and
 * different, every difference with both values, and footnotes (what "equal" allowed).
 * Differences are reported, never corrected: the imported rows keep the original's values.
 */
import { sql, type SQL } from 'drizzle-orm';
import * as z from 'zod';
import { centsToDecimalString, parseMoney, type Cents } from '#domain/money';
import type { Db } from '#server/db/client';

export interface FigureCount {
  figure: string;
  checked: number;
  equal: number;
  different: number;
}

export interface Difference {
  figure: string;
  /** Which row or group, e.g. "payment 123 (contract 45, 2025-03-31)". */
  row: string;
  original: string;
  product: string;
}

export class Verification {
  private readonly counts = new Map<string, FigureCount>();
  readonly differences: Difference[] = [];
  readonly footnotes: string[] = [];

  /** Make a figure appear in the table even when nothing was there to check. */
  figure(figure: string): FigureCount {
    let count = this.counts.get(figure);
    if (!count) {
      count = { figure, checked: 0, equal: 0, different: 0 };
      this.counts.set(figure, count);
    }
    return count;
  }

  /** One value checked: equal when `equal` (default: the two texts are the same). */
  compare(
    figure: string,
    row: string,
    original: string,
    product: string,
    equal = original === product,
  ): boolean {
    const count = this.figure(figure);
    count.checked += 1;
    if (equal) count.equal += 1;
    else {
      count.different += 1;
      this.differences.push({ figure, row, original, product });
    }
    return equal;
  }

  get lines(): FigureCount[] {
    return [...this.counts.values()];
  }
}

export const pesos = (cents: Cents | null): string =>
  cents === null ? '—' : centsToDecimalString(cents);

/** A JSON list of ids as an SQL set: `column IN ${idSet(ids)}` (one parameter, any length). */
export function idSet(ids: Iterable<number>): SQL {
  return sql`(SELECT (json_array_elements_text(${JSON.stringify([...ids])}::json))::int)`;
}

const packedAnswer = z.object({ rows: z.array(z.object({ packed: z.string().nullable() })) });

/** Rows of a target query packed by json_agg into one text (fast on PGlite), parsed. */
export async function targetRows<S extends z.ZodType>(
  tx: Db,
  select: SQL,
  row: S,
): Promise<z.infer<S>[]> {
  const answer = packedAnswer.parse(
    await tx.execute(sql`SELECT json_agg(t)::text AS packed FROM (${select}) t`),
  );
  const packed = answer.rows[0]?.packed;
  return packed ? z.array(row).parse(JSON.parse(packed)) : [];
}

/** Stored money text as cents (a stored amount is always valid; null stays null). */
export function storedCents(text: string | null): Cents | null {
  return text === null ? null : parseMoney(text);
}
