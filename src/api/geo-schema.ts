/** Zod shapes of the GeoJSON pieces the reference lists carry (src/domain/entities.ts). */
import { z } from 'zod';
import type { GeoPolygon } from '#domain/entities';

const lngLat = z.tuple([z.number(), z.number()]);

export const geoPolygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(lngLat)),
}) satisfies z.ZodType<GeoPolygon, unknown>;

/** `[lat, lng]` or null when unknown. */
export const latLngSchema = z.tuple([z.number(), z.number()]).nullable();
