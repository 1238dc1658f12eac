/**
 * The original's geometries (GeoJSON from ST_AsGeoJSON, lon/lat, SRID 4326) in this product's
 * shapes: a region or zone outline is ONE GeoJSON Polygon (`GeoPolygon`), a point is lat/lng.
 * Zones are MultiPolygons in the original: one part converts as it is; of several, the largest
 * is kept and the others are named in the report (the maps draw one outline per zone).
 */
import * as z from 'zod';
import type { GeoPolygon, LngLat } from '#domain/entities';
import { present } from '#domain/guards';

const position = z
  .tuple([z.number(), z.number()])
  .rest(z.number())
  .transform(([lng, lat]): LngLat => [lng, lat])
  .refine(([lng, lat]) => Math.abs(lng) <= 180 && Math.abs(lat) <= 90);
const ring = z.array(position).min(4);
const polygonCoordinates = z.array(ring).min(1);

const polygonSchema = z.object({ type: z.literal('Polygon'), coordinates: polygonCoordinates });
const multiPolygonSchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(polygonCoordinates).min(1),
});
const pointSchema = z.object({ type: z.literal('Point'), coordinates: position });

export interface PolygonOutcome {
  polygon: GeoPolygon | null;
  /** What the conversion left out, for the report; null when nothing. */
  problem: string | null;
}

/** Area of a ring in square degrees (shoelace): only to compare parts of one zone. */
function ringArea(points: readonly LngLat[]): number {
  let twice = 0;
  points.forEach(([x1, y1], i) => {
    const next = points[i + 1];
    if (next) twice += x1 * next[1] - next[0] * y1;
  });
  return Math.abs(twice) / 2;
}

/** A Polygon or MultiPolygon (or NULL) as one product polygon, with what was left out. */
export function toPolygon(value: unknown): PolygonOutcome {
  if (value === null || value === undefined) return { polygon: null, problem: null };
  const single = polygonSchema.safeParse(value);
  if (single.success) return { polygon: single.data, problem: null };
  const multi = multiPolygonSchema.safeParse(value);
  if (!multi.success) return { polygon: null, problem: 'not a readable polygon; left empty' };
  const parts = multi.data.coordinates;
  const largest = parts.reduce((best, part) =>
    ringArea(present(part[0], 'outer ring')) > ringArea(present(best[0], 'outer ring'))
      ? part
      : best,
  );
  const polygon: GeoPolygon = { type: 'Polygon', coordinates: largest };
  return parts.length === 1
    ? { polygon, problem: null }
    : {
        polygon,
        problem: `MultiPolygon of ${parts.length} parts: the largest kept, ${parts.length - 1} left out`,
      };
}

/** A Point (or NULL) as latitude and longitude; null when absent or unreadable. */
export function toLatLng(value: unknown): { lat: number; lng: number } | null {
  const point = pointSchema.safeParse(value);
  if (!point.success) return null;
  const [lng, lat] = point.data.coordinates;
  return { lat, lng };
}
