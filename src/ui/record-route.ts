/**
 * The record a one-record screen shows, read from its address (#domain/record-routes): the
 * same after a reload or from a shared link.
 */
import { useLocation } from 'react-router-dom';
import { parseRecordPath, type RecordRoute } from '#domain/record-routes';

/** The id in `<route>/<id>`, or null when the address names none. */
export function useRecordId(route: RecordRoute): number | null {
  const parsed = parseRecordPath(useLocation().pathname);
  return parsed?.route === route ? parsed.id : null;
}
