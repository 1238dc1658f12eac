/**
 * What the two maps read, live from the replica (so they work offline): regions and zones
 * with their polygons, communities, and the member counts per community and process.
 *
 * Counts: the office's phone holds every member, so the replica's counts equal the server's
 * `/comunidades/num-socios/`. A promoter's phone holds only its region's members; online it
 * asks the server for the whole cooperative's counts, and offline it shows its own region's
 * (the screen says so).
 */
import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from 'zustand';
import { fetchCommunityMemberCounts } from '#api/comunidades-num-socios';
import { sessionStore } from '#api/session-store';
import { scopeFor } from '#domain/permissions';
import { allMembers, geography, numberedCommunities, type Geography } from '#db/reads/maps';
import { useOnline } from '#ui/use-online.ts';
import { communityMemberCounts, type CommunityMemberCounts } from './member-counts.ts';

export type { Geography };

/** Regions and zones by id, and the numbered communities of the replica; undefined while reading. */
export function useGeography(): Geography | undefined {
  return useLiveQuery(geography, []);
}

export interface ProcessCounts {
  rows: CommunityMemberCounts[];
  /** Only the members of the user's region are counted (a promoter offline). */
  partial: boolean;
}

/** Member counts per community; undefined while reading. */
export function useProcessCounts(): ProcessCounts | undefined {
  const role = useStore(sessionStore, (s) => s.role);
  const online = useOnline();
  const wholeReplica = scopeFor(role, 'socios', 'read') === 'all';
  const [server, setServer] = useState<CommunityMemberCounts[] | null>(null);

  const replica = useLiveQuery(async () => {
    const [communities, members] = await Promise.all([numberedCommunities(), allMembers()]);
    return communityMemberCounts(communities, members);
  }, []);

  useEffect(() => {
    if (wholeReplica || !online) return;
    let active = true;
    fetchCommunityMemberCounts()
      .then((rows) => {
        if (active) setServer(rows);
      })
      .catch(() => {
        // No answer: the replica's own region stays on the map.
      });
    return () => {
      active = false;
    };
  }, [wholeReplica, online]);

  return useMemo(() => {
    if (!wholeReplica && server) return { rows: server, partial: false };
    if (!replica) return undefined;
    return { rows: replica, partial: !wholeReplica };
  }, [wholeReplica, server, replica]);
}
