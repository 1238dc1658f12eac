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
import type { Community, Region, Zone } from '#domain/entities';
import { scopeFor } from '#domain/permissions';
import { getDb } from '#db/database';
import { useOnline } from '#ui/use-online.ts';
import {
  communityMemberCounts,
  type CommunityMemberCounts,
  type CountedMember,
} from './member-counts.ts';

const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;

export interface Geography {
  regions: Region[];
  zones: Zone[];
  communities: Community[];
}

/** Regions, zones and communities of the replica; undefined while reading. */
export function useGeography(): Geography | undefined {
  return useLiveQuery(async () => {
    const db = getDb();
    const [regions, zones, communities] = await Promise.all([
      db.regiones.toArray(),
      db.zonas.toArray(),
      db.comunidades.toArray(),
    ]);
    return {
      regions: (regions as unknown as Region[]).sort(byId),
      zones: (zones as unknown as Zone[]).sort(byId),
      communities: (communities as unknown as Community[]).filter((c) => typeof c.id === 'number'),
    };
  }, []);
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
    const db = getDb();
    const [communities, members] = await Promise.all([
      db.comunidades.toArray(),
      db.socios.toArray(),
    ]);
    return communityMemberCounts(
      communities as unknown as Community[],
      members as unknown as CountedMember[],
    );
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
