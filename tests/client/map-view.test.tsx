/**
 * The map component in jsdom (no WebGL): MapLibre is mocked, and what the component hands it is
 * checked — above all that without tile URLs the style names no remote source, so
 * the map makes no network request at all.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StyleSpecification } from 'maplibre-gl';
import { MAP_CENTER, MAP_ZOOM } from '#domain/codes';
import { MapView } from '#ui/map-view.tsx';
import { availableBaseLayers, buildMapStyle, circlePolygon } from '#ui/map-style.ts';
import { useSpanish } from '#tests/helpers/i18n-test';

interface FakeMapOptions {
  container: HTMLElement;
  style: StyleSpecification;
  center: [number, number];
  zoom: number;
}

const fake = vi.hoisted(() => ({
  maps: [] as { options: unknown; styles: unknown[]; fits: unknown[]; removed: boolean }[],
  markers: [] as {
    lngLat: unknown;
    color: unknown;
    element: HTMLElement | null;
    popup: string | null;
    removed: boolean;
  }[],
  workerUrl: null as string | null,
  throwOnCreate: false,
}));

vi.mock('maplibre-gl', () => {
  class Map {
    record: (typeof fake.maps)[number];
    constructor(options: unknown) {
      if (fake.throwOnCreate) throw new Error('Failed to initialize WebGL');
      this.record = { options, styles: [], fits: [], removed: false };
      fake.maps.push(this.record);
    }
    on() {
      return this;
    }
    addControl() {
      return this;
    }
    setStyle(style: unknown) {
      this.record.styles.push(style);
      return this;
    }
    jumpTo() {
      return this;
    }
    fitBounds(bounds: unknown) {
      this.record.fits.push(bounds);
      return this;
    }
    remove() {
      this.record.removed = true;
    }
  }
  class Popup {
    text: string | null = null;
    setText(text: string) {
      this.text = text;
      return this;
    }
  }
  class Marker {
    record: (typeof fake.markers)[number];
    element: HTMLElement = document.createElement('div');
    constructor(options: { color?: string; element?: HTMLElement }) {
      if (options.element) this.element = options.element;
      this.record = {
        lngLat: null,
        color: options.color,
        element: options.element ?? null,
        popup: null,
        removed: false,
      };
      fake.markers.push(this.record);
    }
    setLngLat(lngLat: unknown) {
      this.record.lngLat = lngLat;
      return this;
    }
    setPopup(popup: Popup) {
      this.record.popup = popup.text;
      return this;
    }
    addTo() {
      return this;
    }
    getElement() {
      return this.element;
    }
    remove() {
      this.record.removed = true;
    }
  }
  class NavigationControl {
    readonly kind = 'navigation';
  }
  return {
    Map,
    Marker,
    Popup,
    NavigationControl,
    setWorkerUrl: (url: string) => {
      fake.workerUrl = url;
    },
  };
});
vi.mock('maplibre-gl/dist/maplibre-gl.css', () => ({}));
vi.mock('maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url', () => ({
  default: '/assets/maplibre-worker.js',
}));

const TILES = {
  tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
  tileSatelliteUrl: 'https://sat.example.org/{z}/{y}/{x}.jpg',
  tileTopoUrl: 'https://topo.example.org/{z}/{x}/{y}.png',
};
const POINT = [{ id: '4', position: [17.12, -92.1] as const, label: 'Ermita San Jerónimo' }];

function withWebGl(available: boolean) {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(((kind: string) =>
    available && kind === 'webgl2' ? ({} as RenderingContext) : null) as never);
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

function sourcesOf(style: StyleSpecification) {
  return Object.values(style.sources);
}

async function createdMap(): Promise<FakeMapOptions> {
  await waitFor(() => expect(fake.maps).toHaveLength(1));
  await waitFor(() => expect(screen.getByTestId('map-view').dataset.status).toBe('ready'));
  return fake.maps[0]!.options as FakeMapOptions;
}

beforeAll(useSpanish);
beforeEach(() => {
  fake.maps.length = 0;
  fake.markers.length = 0;
  fake.workerUrl = null;
  fake.throwOnCreate = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('the map must not fetch'))),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('MapView', () => {
  it('without tile URLs draws on a plain background: only inline GeoJSON, no request', async () => {
    withWebGl(true);
    setOnline(true);
    render(<MapView label="Mapa de prueba" markers={POINT} />);
    const options = await createdMap();

    expect(screen.getByRole('region', { name: 'Mapa de prueba' })).toBeTruthy();
    expect(options.style.glyphs).toBeUndefined();
    expect(options.style.sprite).toBeUndefined();
    expect(sourcesOf(options.style).map((s) => s.type)).toEqual(['geojson']);
    expect(JSON.stringify(options.style)).not.toMatch(/https?:/);
    // Default centre of the cooperative, MapLibre order [lng, lat].
    expect(options.center).toEqual([MAP_CENTER[1], MAP_CENTER[0]]);
    expect(options.zoom).toBe(MAP_ZOOM);
    expect(fake.workerUrl).toBe('/assets/maplibre-worker.js');
    expect(fake.markers).toEqual([
      {
        lngLat: [-92.1, 17.12],
        color: undefined,
        element: null,
        popup: 'Ermita San Jerónimo',
        removed: false,
      },
    ]);
    // One base layer only: no switcher, and the note says why the background is plain.
    expect(screen.queryByLabelText('Capa del mapa')).toBeNull();
    expect(screen.getByText(/Sin mapa de fondo configurado/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers the configured layers and swaps the base tiles; polygons stay in every style', async () => {
    withWebGl(true);
    setOnline(true);
    const polygons = [{ id: 'r1', color: '#1f5130', polygon: circlePolygon([17.1, -92.05], 500) }];
    render(<MapView label="Mapa" tiles={TILES} polygons={polygons} />);
    const options = await createdMap();
    const first = options.style;
    expect(first.sources.base).toMatchObject({
      type: 'raster',
      tiles: [
        'https://a.tiles.example.org/{z}/{x}/{y}.png',
        'https://b.tiles.example.org/{z}/{x}/{y}.png',
        'https://c.tiles.example.org/{z}/{x}/{y}.png',
      ],
    });

    const select = screen.getByLabelText('Capa del mapa');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'General',
      'General sin conexión (fondo liso)',
      'Satélite',
      'Topográfico',
    ]);
    await userEvent.setup().selectOptions(select, 'satellite');
    await waitFor(() => expect(fake.maps[0]!.styles).toHaveLength(1));
    const satellite = fake.maps[0]!.styles[0] as StyleSpecification;
    expect(satellite.sources.base).toMatchObject({
      tiles: ['https://sat.example.org/{z}/{y}/{x}.jpg'],
    });
    expect(satellite.sources.overlays).toMatchObject({
      type: 'geojson',
      data: { features: [{ id: 'r1', properties: { color: '#1f5130' } }] },
    });
  });

  it('tiles known only after the first render (the kept configuration read late) become the base', async () => {
    withWebGl(true);
    setOnline(false);
    const { rerender } = render(<MapView label="Mapa" tiles={null} markers={POINT} />);
    await createdMap();
    expect(screen.getByTestId('map-view').getAttribute('data-layer')).toBe('plain');
    rerender(<MapView label="Mapa" tiles={TILES} markers={POINT} />);
    expect(screen.getByTestId('map-view').getAttribute('data-layer')).toBe('general');
    await waitFor(() => expect(fake.maps[0]!.styles).toHaveLength(1));
    expect((fake.maps[0]!.styles[0] as StyleSpecification).sources.base).toMatchObject({
      type: 'raster',
    });
  });

  it('offline: the configured tiles stay (the service worker serves those kept), with a note', async () => {
    withWebGl(true);
    setOnline(false);
    render(<MapView label="Mapa" tiles={TILES} markers={POINT} />);
    const options = await createdMap();
    expect(sourcesOf(options.style).map((s) => s.type)).toEqual(['geojson', 'raster']);
    expect(screen.getByLabelText('Capa del mapa')).toBeTruthy();
    expect(screen.getByText(/Sin conexión: se ven las partes del mapa guardadas/)).toBeTruthy();
  });

  it('offline without tiles configured: the plain background and its note', async () => {
    withWebGl(true);
    setOnline(false);
    render(<MapView label="Mapa" markers={POINT} />);
    const options = await createdMap();
    expect(sourcesOf(options.style).map((s) => s.type)).toEqual(['geojson']);
    expect(screen.queryByLabelText('Capa del mapa')).toBeNull();
    expect(screen.getByText(/Sin conexión: los puntos/)).toBeTruthy();
  });

  it('without WebGL: a clear message and the points as text; MapLibre is never started', async () => {
    withWebGl(false);
    setOnline(true);
    render(<MapView label="Mapa" tiles={TILES} markers={POINT} />);
    const fallback = screen.getByTestId('map-fallback');
    expect(fallback.textContent).toContain('Este dispositivo no puede dibujar el mapa');
    expect(fallback.textContent).toContain('Ermita San Jerónimo: 17.12000, -92.10000');
    // A map rendered after it on a device with WebGL: once MapLibre drew that one, a load the
    // first had started (the same shared load) would have drawn it too.
    withWebGl(true);
    render(<MapView label="Mapa con WebGL" markers={POINT} />);
    await waitFor(() => expect(fake.maps).toHaveLength(1));
    expect((fake.maps[0]!.options as FakeMapOptions).container).toBe(
      screen.getByRole('region', { name: 'Mapa con WebGL' }),
    );
  });

  it('MapLibre failing to start shows the failure message instead of throwing', async () => {
    withWebGl(true);
    setOnline(true);
    fake.throwOnCreate = true;
    render(<MapView label="Mapa" markers={POINT} />);
    expect((await screen.findByTestId('map-fallback')).textContent).toContain(
      'No se pudo cargar el mapa',
    );
  });

  it('a badge marker is a round label in its colour (e.g. a region number)', async () => {
    withWebGl(true);
    setOnline(true);
    const badge = [{ ...POINT[0]!, badge: '7', color: '#00838f', badgeText: '#ffffff' }];
    render(<MapView label="Mapa" markers={badge} />);
    await createdMap();
    await waitFor(() => expect(fake.markers).toHaveLength(1));
    const element = fake.markers[0]!.element!;
    expect(element.className).toBe('map-badge-target');
    const badgeDot = element.querySelector<HTMLElement>('.map-badge')!;
    expect(badgeDot.textContent).toBe('7');
    expect(badgeDot.style.background).toBe('rgb(0, 131, 143)');
    expect(element.getAttribute('aria-label')).toBe('Ermita San Jerónimo');
  });

  it('bounds fit the view once; the same bounds handed again do not undo panning', async () => {
    withWebGl(true);
    setOnline(true);
    const bounds = [
      [17.04, -92.2],
      [17.16, -91.9],
    ] as const;
    const { rerender } = render(<MapView label="Mapa" bounds={bounds} />);
    await createdMap();
    await waitFor(() => expect(fake.maps[0]!.fits).toHaveLength(1));
    // MapLibre order: [lng, lat] corners.
    expect(fake.maps[0]!.fits[0]).toEqual([
      [-92.2, 17.04],
      [-91.9, 17.16],
    ]);
    // The same bounds again, with a marker added: the marker placed shows this render's
    // effects ran (the bounds effect comes before the markers').
    rerender(
      <MapView
        label="Mapa"
        markers={POINT}
        bounds={[
          [17.04, -92.2],
          [17.16, -91.9],
        ]}
      />,
    );
    await waitFor(() => expect(fake.markers).toHaveLength(1));
    expect(fake.maps[0]!.fits).toHaveLength(1);
  });

  it('removes the map (once idle) and its markers when it leaves the screen', async () => {
    withWebGl(true);
    setOnline(true);
    const { unmount } = render(<MapView label="Mapa" markers={POINT} />);
    await createdMap();
    unmount();
    expect(fake.markers[0]!.removed).toBe(true);
    // The map's own teardown waits for an idle moment, after the next screen has drawn.
    await waitFor(() => expect(fake.maps[0]!.removed).toBe(true));
  });
});

describe('map style helpers', () => {
  it('lists only configured layers, plain always', () => {
    expect(availableBaseLayers(null)).toEqual(['plain']);
    expect(availableBaseLayers({ tileTopoUrl: 'https://t.example/{z}/{x}/{y}.png' })).toEqual([
      'plain',
      'topo',
    ]);
  });

  it('the plain style has a background and the overlays, nothing remote', () => {
    const style = buildMapStyle('plain', TILES);
    expect(style.layers.map((l) => l.id)).toEqual(['background', 'overlay-fill', 'overlay-line']);
    expect(Object.keys(style.sources)).toEqual(['overlays']);
  });

  it('a circle polygon is closed and about the asked radius', () => {
    const circle = circlePolygon([17.1, -92.05], 1000, 16);
    const ring = circle.coordinates[0]!;
    expect(ring).toHaveLength(17);
    expect(ring[0]).toEqual(ring[16]);
    // 1 km north is about 0.009° of latitude.
    expect(ring[4]![1] - 17.1).toBeCloseTo(0.009, 3);
  });
});
