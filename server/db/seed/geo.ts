/**
 * Demo geography: ten regions tiling a 5 × 2 grid of 0.06° cells around lat 17.1,
 * lng −92.05 (northern jungle of Chiapas). Grid vertices and edge midpoints are jittered once,
 * and neighbouring cells share them, so the polygons look hand-drawn yet never overlap.
 */
import type { GeoPolygon, LngLat } from '#domain/entities';
import { present } from '#domain/guards';
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
    const column: LngLat[] = [];
    vertex.push(column);
    for (let j = 0; j <= GRID.rows; j++) {
      const lng = GRID.west + i * GRID.cell + (rng.next() * 2 - 1) * VERTEX_JITTER;
      const lat = GRID.north - j * GRID.cell + (rng.next() * 2 - 1) * VERTEX_JITTER;
      column.push([round(lng), round(lat)]);
    }
  }
  const vertexAt = ([i, j]: [number, number]): LngLat =>
    present(vertex[i]?.[j], `grid vertex ${i},${j}`);
  // Midpoint of every grid edge, jittered perpendicular to it; keyed so both cells share it.
  const mids = new Map<string, LngLat>();
  const mid = (a: [number, number], b: [number, number]): LngLat => {
    const key = [a, b]
      .map((p) => p.join(','))
      .sort()
      .join('|');
    let m = mids.get(key);
    if (!m) {
      const va = vertexAt(a);
      const vb = vertexAt(b);
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
    path.forEach((a, k) => {
      const b = path[k + 1];
      if (b) ring.push(vertexAt(a), mid(a, b));
    });
    ring.push(present(ring[0], 'the first point of the boundary'));
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
  const ring = present(poly.coordinates[0], 'the outer ring').slice(0, -1);
  const cx = ring.reduce((s, p) => s + p[0], 0) / ring.length;
  const cy = ring.reduce((s, p) => s + p[1], 0) / ring.length;
  const out: LngLat[] = ring.map(([x, y]) => [
    round(cx + (x - cx) * factor),
    round(cy + (y - cy) * factor),
  ]);
  out.push(present(out[0], 'the first point of the ring'));
  return { type: 'Polygon', coordinates: [out] };
}

/** Ray casting: is [lng, lat] inside the polygon's outer ring? */
export function pointInPolygon(point: LngLat, poly: GeoPolygon): boolean {
  const ring = present(poly.coordinates[0], 'the outer ring');
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = present(ring[i], 'a ring point');
    const [xj, yj] = present(ring[j], 'a ring point');
    if (
      yi > point[1] !== yj > point[1] &&
      point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi
    ) {
      inside = !inside;
    }
  }
  return inside;
}
