/**
 * Demo geography: ten regions tiling a 5 × 2 grid of 0.06° cells around lat 17.1,
 * lng −92.05 (northern jungle of Chiapas). Grid vertices and edge midpoints are jittered once,
 * and neighbouring cells share them, so the polygons look hand-drawn yet never overlap.
 */
import type { GeoPolygon, LngLat } from '#domain/entities';
import type { Rng } from './prng.ts';

export const GRID = { cols: 5, rows: 2, cell: 0.06, west: -92.2, north: 17.16 } as const;

/** Cells stay inside this margin from their nominal edges, whatever the jitter. */
const VERTEX_JITTER = 0.012;
const MIDPOINT_JITTER = 0.008;
export const SAFE_MARGIN = 0.015;

const round = (n: number) => Math.round(n * 1e5) / 1e5;

export interface Grid {
  /** Polygon of region `id` (1–10; 1–5 the northern row, west to east). */
  region(id: number): GeoPolygon;
  /** Polygon of a block of cells: columns c0..c1, rows r0..r1 (inclusive). */
  block(c0: number, c1: number, r0: number, r1: number): GeoPolygon;
  /** A point [lat, lng] well inside region `id`. */
  pointIn(rng: Rng, id: number): [number, number];
}

export function regionCell(id: number): { col: number; row: number } {
  return { col: (id - 1) % GRID.cols, row: Math.floor((id - 1) / GRID.cols) };
}

export function buildGrid(rng: Rng): Grid {
  const vertex: LngLat[][] = [];
  for (let i = 0; i <= GRID.cols; i++) {
    vertex.push([]);
    for (let j = 0; j <= GRID.rows; j++) {
      const lng = GRID.west + i * GRID.cell + (rng.next() * 2 - 1) * VERTEX_JITTER;
      const lat = GRID.north - j * GRID.cell + (rng.next() * 2 - 1) * VERTEX_JITTER;
      vertex[i]!.push([round(lng), round(lat)]);
    }
  }
  // Midpoint of every grid edge, jittered perpendicular to it; keyed so both cells share it.
  const mids = new Map<string, LngLat>();
  const mid = (a: [number, number], b: [number, number]): LngLat => {
    const key = [a, b]
      .map((p) => p.join(','))
      .sort()
      .join('|');
    let m = mids.get(key);
    if (!m) {
      const va = vertex[a[0]]![a[1]]!;
      const vb = vertex[b[0]]![b[1]]!;
      const offset = (rng.next() * 2 - 1) * MIDPOINT_JITTER;
      const horizontal = a[1] === b[1];
      m = [
        round((va[0] + vb[0]) / 2 + (horizontal ? 0 : offset)),
        round((va[1] + vb[1]) / 2 + (horizontal ? offset : 0)),
      ];
      mids.set(key, m);
    }
    return m;
  };
  // Precompute every midpoint in a fixed order so results never depend on call order.
  for (let i = 0; i <= GRID.cols; i++) {
    for (let j = 0; j <= GRID.rows; j++) {
      if (i < GRID.cols) mid([i, j], [i + 1, j]);
      if (j < GRID.rows) mid([i, j], [i, j + 1]);
    }
  }

  const block = (c0: number, c1: number, r0: number, r1: number): GeoPolygon => {
    // Walk the boundary clockwise from the top-left corner through grid points [i, j].
    const path: [number, number][] = [];
    for (let i = c0; i <= c1 + 1; i++) path.push([i, r0]);
    for (let j = r0 + 1; j <= r1 + 1; j++) path.push([c1 + 1, j]);
    for (let i = c1; i >= c0; i--) path.push([i, r1 + 1]);
    for (let j = r1; j >= r0; j--) path.push([c0, j]);
    const ring: LngLat[] = [];
    for (let k = 0; k < path.length - 1; k++) {
      const a = path[k]!;
      const b = path[k + 1]!;
      ring.push(vertex[a[0]]![a[1]]!, mid(a, b));
    }
    ring.push(ring[0]!);
    return { type: 'Polygon', coordinates: [ring] };
  };

  return {
    block,
    region: (id) => {
      const { col, row } = regionCell(id);
      return block(col, col, row, row);
    },
    pointIn: (r, id) => {
      const { col, row } = regionCell(id);
      const west = GRID.west + col * GRID.cell + SAFE_MARGIN;
      const north = GRID.north - row * GRID.cell - SAFE_MARGIN;
      const span = GRID.cell - 2 * SAFE_MARGIN;
      return [round(north - r.next() * span), round(west + r.next() * span)];
    },
  };
}

/** Shrink a polygon toward its vertex centroid (the smaller survey area of a zone). */
export function shrink(poly: GeoPolygon, factor: number): GeoPolygon {
  const ring = poly.coordinates[0]!.slice(0, -1);
  const cx = ring.reduce((s, p) => s + p[0], 0) / ring.length;
  const cy = ring.reduce((s, p) => s + p[1], 0) / ring.length;
  const out: LngLat[] = ring.map(([x, y]) => [
    round(cx + (x - cx) * factor),
    round(cy + (y - cy) * factor),
  ]);
  out.push(out[0]!);
  return { type: 'Polygon', coordinates: [out] };
}

/** Ray casting: is [lng, lat] inside the polygon's outer ring? */
export function pointInPolygon(point: LngLat, poly: GeoPolygon): boolean {
  const ring = poly.coordinates[0]!;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (
      yi > point[1] !== yj > point[1] &&
      point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi
    ) {
      inside = !inside;
    }
  }
  return inside;
}
