/** The delta pull as a phone walks it, for the scope tests: every page after `cursor`. */
import { expect } from 'vitest';
import type { PullAnswer } from '#domain/sync-protocol';
import type { TestApp } from '#tests/helpers/server-app';

export async function pullAll(t: TestApp, username: string, cursor = '') {
  const pages: PullAnswer[] = [];
  for (;;) {
    const res = await t.as(username, {
      method: 'GET',
      url: `/api/sync/pull/?cursor=${encodeURIComponent(cursor)}&limit=5000`,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const page = res.json<PullAnswer>();
    pages.push(page);
    cursor = page.cursor;
    if (!page.hasMore) return { pages, cursor, bytes: res.rawPayload.length };
  }
}
