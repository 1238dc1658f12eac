/**
 * The process map's circles: for every located community and every shown
 * process with members AC, a circle of 80 m × the count around the community, as a polygon on
 * the ground (so it keeps its true size at every zoom). Largest first, so small circles stay
 * visible on top.
 */
import { PROCESS_CIRCLE_RADIUS_PER_MEMBER, PROCESSES, type Process } from '#domain/codes';
import { circlePolygon, type MapPolygon } from '#ui/map-style.ts';
import { PROCESS_COLOURS } from './map-colours.ts';
import { countOf, type CommunityMemberCounts } from './member-counts.ts';

/** Every shown process's circle of every located community, largest first (small stay on top). */
export function processCircles(
  rows: readonly CommunityMemberCounts[],
  shown: ReadonlySet<Process>,
): MapPolygon[] {
  const circles: (MapPolygon & { radius: number })[] = [];
  for (const row of rows) {
    if (!row.ubicacion) continue;
    for (const process of PROCESSES) {
      const count = countOf(row, process);
      if (!shown.has(process) || count === 0) continue;
      const radius = PROCESS_CIRCLE_RADIUS_PER_MEMBER * count;
      circles.push({
        id: `${process}-${row.id}`,
        polygon: circlePolygon(row.ubicacion, radius),
        color: PROCESS_COLOURS[process],
        fillOpacity: 0.28,
        radius,
      });
    }
  }
  return circles.sort((a, b) => b.radius - a.radius).map(({ radius: _r, ...circle }) => circle);
}
