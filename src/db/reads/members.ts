/**
 * The reads of the members: the replica holds what the user may see (a member
 * role only its own record), in the shape of GET /socios/{id}.json, and a member captured on
 * this phone keyed by its client UUID until the server numbers it. Hooks call these inside
 * `useLiveQuery`, so a screen follows the replica live and reads typed rows.
 */
import { getDb } from '#db/database';
import type { RecordKey, SocioRow } from '#db/replica-rows';

/** Every member, in key order (numbered members first, then those captured here). */
export function allMembers(): Promise<SocioRow[]> {
  return getDb().socios.toArray();
}

/** One member: its clave_socio, or the client UUID of one captured here. */
export function memberByKey(key: RecordKey): Promise<SocioRow | undefined> {
  return getDb().socios.get(key);
}
