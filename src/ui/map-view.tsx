/**
 * THE map of the app (hermitage detail, process and mission maps, home): MapLibre GL loaded on
 * demand, a base-layer switcher (general, plain, satellite, topographic — those configured),
 * GeoJSON polygons and point markers. Without tile URLs it draws the overlays on a plain
 * background and requests nothing; offline it shows the tiles the service worker kept. Where
 * WebGL is missing (old phones, headless browsers) or MapLibre fails, it says so and lists the
 * points as text instead of crashing.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { MAP_CENTER, MAP_ZOOM } from '#domain/codes';
import { loadMapLibre, webglAvailable, type MapLibre } from '#ui/map-loader.ts';
import {
  availableBaseLayers,
  buildMapStyle,
  toLngLat,
  type BaseLayerId,
  type MapBounds,
  type MapMarker,
  type MapPolygon,
  type MapTileConfig,
} from '#ui/map-style.ts';
import { Spinner } from '#ui/spinner.tsx';
import { useOnline } from '#ui/use-online.ts';
import '#ui/map-view.css';

export type {
  BaseLayerId,
  MapBounds,
  MapMarker,
  MapPolygon,
  MapTileConfig,
} from '#ui/map-style.ts';

export interface MapViewProps {
  /** Accessible name of the map (already translated). */
  label: string;
  /** Tile templates from the run-time configuration; none → plain background. */
  tiles?: MapTileConfig | null;
  markers?: readonly MapMarker[];
  polygons?: readonly MapPolygon[];
  /** [lat, lng]; default the cooperative's centre (MAP_CENTER). */
  center?: readonly [number, number];
  zoom?: number;
  /** Fit the view to this box instead (e.g. the regions); refitted only when its values change. */
  bounds?: MapBounds | null;
  onMarkerClick?: (id: string) => void;
  className?: string;
}

type Status = 'loading' | 'ready' | 'failed';

interface Live {
  lib: MapLibre;
  map: MapLibreMap;
}

/** Room around fitted bounds, in pixels, so edge markers stay clear of the frame. */
const FIT_PADDING = 24;

function formatPosition([lat, lng]: readonly [number, number]): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

/**
 * Frees a map that left the screen once the browser is idle: tearing down its WebGL context
 * takes 0.1–0.6 s on a phone without a GPU, and done at once it held back the next screen.
 * Its container is already out of the page, so meanwhile it draws nothing.
 */
function releaseWhenIdle(map: MapLibreMap): void {
  const release = () => map.remove();
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(release, { timeout: 2_000 });
  else window.setTimeout(release, 200);
}

/**
 * The element of a badge marker (MapMarker.badge): a round label in the marker's colour,
 * centred in a transparent box as big as a fingertip (the tap target).
 */
function badgeElement(m: MapMarker): HTMLElement {
  const element = document.createElement('div');
  element.className = 'map-badge-target';
  const badge = document.createElement('span');
  badge.className = 'map-badge';
  badge.textContent = m.badge ?? '';
  if (m.color) badge.style.background = m.color;
  if (m.badgeText) badge.style.color = m.badgeText;
  element.append(badge);
  return element;
}

export function MapView(props: MapViewProps) {
  const { t } = useTranslation();
  const { tiles, markers, polygons, onMarkerClick } = props;
  const online = useOnline();
  const selectId = useId();
  const layers = useMemo(() => availableBaseLayers(tiles), [tiles]);
  // Until the user picks one, the base layer is the first the configuration offers: tiles known
  // only after the first render (the kept configuration is read asynchronously) still apply.
  const [chosen, setChosen] = useState<BaseLayerId | null>(null);
  // 'plain' needs no tiles: it is always offered.
  const layer = chosen !== null && layers.includes(chosen) ? chosen : (layers[0] ?? 'plain');
  const style = useMemo(() => buildMapStyle(layer, tiles, polygons), [layer, tiles, polygons]);
  const [supported] = useState(webglAvailable);
  const [status, setStatus] = useState<Status>('loading');
  const containerRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<Live | null>(null);
  // The creating effect runs once; it reads the latest props through these refs.
  const initial = useRef({ style, center: props.center, zoom: props.zoom });
  const clickRef = useRef(onMarkerClick);
  useEffect(() => {
    clickRef.current = onMarkerClick;
  }, [onMarkerClick]);

  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    let created: MapLibreMap | null = null;
    loadMapLibre()
      .then((lib) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        const start = initial.current;
        created = new lib.Map({
          container,
          style: start.style,
          center: toLngLat(start.center ?? MAP_CENTER),
          zoom: start.zoom ?? MAP_ZOOM,
          attributionControl: false,
        });
        // Tile or style errors (no signal, a tile server down) must not break the screen:
        // the background and the overlays keep drawing.
        created.on('error', () => undefined);
        created.addControl(new lib.NavigationControl({ showCompass: false }), 'top-right');
        liveRef.current = { lib, map: created };
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      liveRef.current = null;
      if (created) releaseWhenIdle(created);
    };
  }, [supported]);

  // A new base layer or new polygons: swap the style (MapLibre diffs it).
  useEffect(() => {
    if (status !== 'ready' || !liveRef.current) return;
    if (style === initial.current.style) return;
    liveRef.current.map.setStyle(style);
  }, [style, status]);

  // Bounds compared by value: a live query handing the same regions again must not undo the
  // user's panning and zooming.
  const boundsKey = props.bounds ? JSON.stringify(props.bounds) : null;
  useEffect(() => {
    const live = liveRef.current;
    if (status !== 'ready' || !live) return;
    if (boundsKey) {
      const [sw, ne] = JSON.parse(boundsKey) as [[number, number], [number, number]];
      live.map.fitBounds([toLngLat(sw), toLngLat(ne)], { padding: FIT_PADDING, duration: 0 });
      return;
    }
    live.map.jumpTo({
      center: toLngLat(props.center ?? MAP_CENTER),
      zoom: props.zoom ?? MAP_ZOOM,
    });
  }, [props.center, props.zoom, boundsKey, status]);

  useEffect(() => {
    const live = liveRef.current;
    if (status !== 'ready' || !live) return;
    const placed: Marker[] = (markers ?? []).map((m) => {
      const options = m.badge !== undefined ? { element: badgeElement(m) } : { color: m.color };
      const marker = new live.lib.Marker(options)
        .setLngLat(toLngLat(m.position))
        .setPopup(new live.lib.Popup({ closeButton: false }).setText(m.label))
        .addTo(live.map);
      const element = marker.getElement();
      element.setAttribute('aria-label', m.label);
      element.setAttribute('title', m.label);
      element.addEventListener('click', () => clickRef.current?.(m.id));
      return marker;
    });
    return () => placed.forEach((marker) => marker.remove());
  }, [markers, status]);

  const broken = !supported || status === 'failed';
  const plainOnly = layer === 'plain';

  return (
    <div className={`map-view${props.className ? ` ${props.className}` : ''}`}>
      {layers.length > 1 && !broken ? (
        <div className="map-view-layers">
          <label htmlFor={selectId}>{t('map.layer')}</label>
          <select
            id={selectId}
            className="input select"
            value={layer}
            onChange={(event) => setChosen(event.target.value as BaseLayerId)}
          >
            {layers.map((id) => (
              <option key={id} value={id}>
                {t(`map.layers.${id}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {broken ? (
        <div className="map-view-fallback" role="note" data-testid="map-fallback">
          <p>{t(supported ? 'map.failed' : 'map.unsupported')}</p>
          {markers && markers.length > 0 ? (
            <ul>
              {markers.map((m) => (
                <li key={m.id}>
                  {t('map.point', { label: m.label, at: formatPosition(m.position) })}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <div className="map-view-frame">
          <div
            ref={containerRef}
            className="map-view-canvas"
            role="region"
            aria-label={props.label}
            data-testid="map-view"
            data-status={status}
            data-layer={layer}
            data-shapes={polygons?.length ?? 0}
          />
          {status === 'loading' ? (
            <div className="map-view-loading">
              <Spinner />
            </div>
          ) : null}
        </div>
      )}
      {!broken && plainOnly ? (
        <p className="map-view-note">{t(online ? 'map.plainNote' : 'map.offlineNote')}</p>
      ) : null}
      {!broken && !plainOnly && !online ? (
        <p className="map-view-note">{t('map.offlineTilesNote')}</p>
      ) : null}
    </div>
  );
}
