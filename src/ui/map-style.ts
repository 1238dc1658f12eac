/**
 * Pure helpers of the map component (#ui/map-view.tsx): which base layers are on offer, and
 * the MapLibre style for one of them. The style never names a glyph, sprite or remote source
 * other than a configured tile URL, so a map without tiles makes no network request at all:
 * overlays are GeoJSON inside the style and points are DOM markers. Offline, tile requests are
 * answered by the service worker's tile cache (or fail quietly over the plain background).
 */
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import type { GeoPolygon } from '#domain/entities';
import { present } from '#domain/guards';

/** The tile templates of the run-time configuration (`GET /api/config/`), any may be null. */
export interface MapTileConfig {
  tileUrl?: string | null;
  tileSatelliteUrl?: string | null;
  tileTopoUrl?: string | null;
}

/**
 * The spec's layers "two general, satellite, topographic": the configured general tiles, the
 * plain background (the second general layer, always there and the only one offline), the
 * satellite and the topographic tiles.
 */
export const BASE_LAYERS = ['general', 'plain', 'satellite', 'topo'] as const;
export type BaseLayerId = (typeof BASE_LAYERS)[number];

/** A point of the map; `position` is [lat, lng] like every `ubicacion` of the API. */
export interface MapMarker {
  id: string;
  position: readonly [number, number];
  /** Already translated (or a proper name): the marker's accessible name and popup text. */
  label: string;
  color?: string;
  /**
   * Draw the point as a round badge with this short text (e.g. a region number) on `color`
   * instead of the default pin; `badgeText` is the text colour (default white).
   */
  badge?: string;
  badgeText?: string;
}

/** A GeoJSON polygon drawn under the markers (regions, zones, circles of the process map). */
export interface MapPolygon {
  id: string;
  polygon: GeoPolygon;
  color: string;
  /** 0–1; default 0.15 (an outline with a light wash). */
  fillOpacity?: number;
}

export const PLAIN_BACKGROUND = '#e8ecdf';
const DEFAULT_FILL_OPACITY = 0.15;
/** Subdomains a `{s}` template is spread over (MapLibre has no `{s}` of its own). */
const SUBDOMAINS = ['a', 'b', 'c'];

function tileUrlOf(layer: BaseLayerId, tiles: MapTileConfig | null | undefined): string | null {
  if (!tiles) return null;
  const url =
    layer === 'general'
      ? tiles.tileUrl
      : layer === 'satellite'
        ? tiles.tileSatelliteUrl
        : layer === 'topo'
          ? tiles.tileTopoUrl
          : null;
  return url && url.trim() !== '' ? url.trim() : null;
}

/**
 * The base layers this map can show: the plain one always, and each configured tile layer.
 * Offline too: the service worker keeps the tiles seen online (sw/sw.ts), so a promoter still
 * sees its region; tiles never seen simply leave the plain background showing.
 */
export function availableBaseLayers(tiles: MapTileConfig | null | undefined): BaseLayerId[] {
  return BASE_LAYERS.filter((layer) => layer === 'plain' || tileUrlOf(layer, tiles) !== null);
}

/** `{s}` templates become one URL per subdomain; others stay as they are. */
export function expandTileTemplate(url: string): string[] {
  return url.includes('{s}') ? SUBDOMAINS.map((s) => url.replaceAll('{s}', s)) : [url];
}

function polygonFeatures(polygons: readonly MapPolygon[]) {
  return {
    type: 'FeatureCollection' as const,
    features: polygons.map((p) => ({
      type: 'Feature' as const,
      id: p.id,
      properties: { color: p.color, fillOpacity: p.fillOpacity ?? DEFAULT_FILL_OPACITY },
      geometry: { type: 'Polygon' as const, coordinates: p.polygon.coordinates },
    })),
  };
}

/** The whole style: background, the base layer's raster tiles if any, then the polygons. */
export function buildMapStyle(
  layer: BaseLayerId,
  tiles: MapTileConfig | null | undefined,
  polygons: readonly MapPolygon[] = [],
): StyleSpecification {
  const sources: Record<string, SourceSpecification> = {
    overlays: { type: 'geojson', data: polygonFeatures(polygons) },
  };
  const layers: LayerSpecification[] = [
    { id: 'background', type: 'background', paint: { 'background-color': PLAIN_BACKGROUND } },
  ];
  const url = tileUrlOf(layer, tiles);
  if (url) {
    sources.base = { type: 'raster', tiles: expandTileTemplate(url), tileSize: 256, maxzoom: 19 };
    layers.push({ id: 'base', type: 'raster', source: 'base' });
  }
  layers.push(
    {
      id: 'overlay-fill',
      type: 'fill',
      source: 'overlays',
      paint: { 'fill-color': ['get', 'color'], 'fill-opacity': ['get', 'fillOpacity'] },
    },
    {
      id: 'overlay-line',
      type: 'line',
      source: 'overlays',
      paint: { 'line-color': ['get', 'color'], 'line-width': 2 },
    },
  );
  return { version: 8, sources, layers };
}

/** A view to fit: south-west and north-east corners, each [lat, lng]. */
export type MapBounds = readonly [readonly [number, number], readonly [number, number]];

/** The box around every polygon's outer ring, or null without polygons. */
export function polygonsBounds(polygons: readonly { polygon: GeoPolygon }[]): MapBounds | null {
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const { polygon } of polygons) {
    for (const [lng, lat] of polygon.coordinates[0] ?? []) {
      south = Math.min(south, lat);
      north = Math.max(north, lat);
      west = Math.min(west, lng);
      east = Math.max(east, lng);
    }
  }
  return Number.isFinite(south)
    ? [
        [south, west],
        [north, east],
      ]
    : null;
}

/** [lat, lng] → MapLibre's [lng, lat]. */
export function toLngLat(position: readonly [number, number]): [number, number] {
  return [position[1], position[0]];
}

const EARTH_RADIUS_M = 6_371_008.8;

/**
 * A circle of `radiusMeters` around `center` ([lat, lng]) as a polygon of `steps` points —
 * the process map's "circle per community" without any extra MapLibre layer type.
 */
export function circlePolygon(
  center: readonly [number, number],
  radiusMeters: number,
  steps = 48,
): GeoPolygon {
  const [lat, lng] = center;
  const latRad = (lat * Math.PI) / 180;
  const dLat = (radiusMeters / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLng = dLat / Math.max(Math.cos(latRad), 1e-6);
  const ring: [number, number][] = [];
  for (let i = 0; i < steps; i += 1) {
    const angle = (2 * Math.PI * i) / steps;
    ring.push([lng + dLng * Math.cos(angle), lat + dLat * Math.sin(angle)]);
  }
  ring.push(present(ring[0], 'the first point of the circle'));
  return { type: 'Polygon', coordinates: [ring] };
}
