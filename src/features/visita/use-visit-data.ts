/**
 * The visit sheet, live: the chosen communities' rows from the replica and this phone's marks
 * of the day, turned into the sheet's rows; it follows every capture at once (a payment queued
 * from a row shows on that row, pending, as soon as the outbox holds it).
 */
import { useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { cachedConfig } from '#api/config';
import { todayIn } from '#domain/dates';
import { phoneCapturesOn, phoneVisitMarks } from '#commands/visitas';
import { visitCommunities, visitRows } from '#db/reads/visit';
import type { CommunityRow } from '#db/replica-rows';
import { keepUnchanged, visitMembers, type VisitMember } from './visit-model.ts';
import { visitSummary, type VisitSummary } from './visit-summary.ts';

export function visitToday(): string {
  return todayIn(cachedConfig()?.timezone);
}

export function useVisitCommunities(): CommunityRow[] | undefined {
  return useLiveQuery(() => visitCommunities(), []);
}

export interface VisitSheet {
  members: VisitMember[];
  summary: VisitSummary;
}

export async function readVisit(
  communities: readonly number[],
  today: string,
): Promise<VisitSheet> {
  if (communities.length === 0) return { members: [], summary: visitSummary([], [], new Map()) };
  const rows = await visitRows(communities);
  const keys = new Set(
    rows.members.flatMap((m) => (typeof m.clave_socio === 'number' ? [m.clave_socio] : [])),
  );
  const [marks, captures] = await Promise.all([
    phoneVisitMarks(keys, today),
    phoneCapturesOn(today),
  ]);
  const members = visitMembers(rows, marks, today);
  const contractMember = new Map(rows.contracts.map((c) => [c.id, c.clave_socio]));
  return { members, summary: visitSummary(members, captures, contractMember) };
}

/** The sheet of these communities (undefined while the first read runs). */
export function useVisitMembers(communities: readonly number[], today: string) {
  const key = communities.join(',');
  const last = useRef<readonly VisitMember[]>([]);
  return useLiveQuery(async () => {
    const sheet = await readVisit(communities, today);
    const members = keepUnchanged(last.current, sheet.members);
    last.current = members;
    return { key, summary: sheet.summary, members };
  }, [key, today]);
}
