/**
 * Mission map (/mapa-mision): the region and zone polygons, a marker per
 * located community with its region's icon (regions 1–10, a default for any other), and the
 * lists of communities without a hermitage and without a census (INEGI) locality. Everything
 * comes from the replica, so it works offline, on the configured tiles or the plain background.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Community } from '#domain/entities';
import { polygonsBounds } from '#ui/map-style.ts';
import { MapView, type MapMarker, type MapPolygon } from '#ui/map-view.tsx';
import { useMapTiles } from '#ui/map-tiles-context.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { regionBadge, regionIcon, ZONE_COLOUR } from './map-colours.ts';
import { CommunityList } from './community-list.tsx';
import { useGeography } from './use-map-data.ts';
import './mapas.css';

const LAYERS = ['regions', 'zones', 'communities'] as const;
type Layer = (typeof LAYERS)[number];

const byName = (a: Community, b: Community) =>
  a.nombre_de_comunidad.localeCompare(b.nombre_de_comunidad, 'es');

export interface MapaMisionScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function MapaMisionScreen({ titleKey }: MapaMisionScreenProps) {
  const { t } = useTranslation();
  const tiles = useMapTiles();
  const geography = useGeography();
  const [shown, setShown] = useState<ReadonlySet<Layer>>(() => new Set(LAYERS));

  const polygons = useMemo<MapPolygon[]>(() => {
    if (!geography) return [];
    const regions = shown.has('regions')
      ? geography.regions.flatMap((r) =>
          r.poly
            ? [
                {
                  id: `region-${r.id}`,
                  polygon: r.poly,
                  color: regionIcon(r.id).color,
                  fillOpacity: 0.1,
                },
              ]
            : [],
        )
      : [];
    const zones = shown.has('zones')
      ? geography.zones.flatMap((z) =>
          z.poly
            ? [{ id: `zone-${z.id}`, polygon: z.poly, color: ZONE_COLOUR, fillOpacity: 0 }]
            : [],
        )
      : [];
    return [...regions, ...zones];
  }, [geography, shown]);

  // The whole territory, whatever layers are switched off.
  const bounds = useMemo(
    () =>
      polygonsBounds(
        [...(geography?.regions ?? []), ...(geography?.zones ?? [])].flatMap((g) =>
          g.poly ? [{ polygon: g.poly }] : [],
        ),
      ),
    [geography],
  );

  const markers = useMemo<MapMarker[]>(() => {
    if (!geography || !shown.has('communities')) return [];
    return geography.communities.flatMap((c) => {
      if (!c.ubicacion) return [];
      const icon = regionIcon(c.region);
      return [
        {
          id: String(c.id),
          position: c.ubicacion,
          label: t('mapas.mision.point', {
            community: c.nombre_de_comunidad,
            region: c.nombre_region,
          }),
          color: icon.color,
          badge: regionBadge(c.region),
          badgeText: icon.text,
        },
      ];
    });
  }, [geography, shown, t]);

  const lists = useMemo(() => {
    const communities = [...(geography?.communities ?? [])].sort(byName);
    return {
      noHermitage: communities.filter((c) => c.ermita == null),
      noLocality: communities.filter((c) => !c.inegiLocalidad || c.inegiLocalidad.trim() === ''),
    };
  }, [geography]);

  function toggle(layer: Layer) {
    setShown((current) => {
      const next = new Set(current);
      if (next.has(layer)) next.delete(layer);
      else next.add(layer);
      return next;
    });
  }

  return (
    <section className="screen mapas-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <p className="screen-lead">{t('mapas.mision.lead')}</p>
      <fieldset className="layer-toggles">
        <legend className="process-toggles-legend">{t('mapas.mision.layers')}</legend>
        {LAYERS.map((layer) => (
          <label key={layer} className={`layer-toggle${shown.has(layer) ? ' is-on' : ''}`}>
            <input
              type="checkbox"
              checked={shown.has(layer)}
              onChange={() => toggle(layer)}
              data-testid={`layer-${layer}`}
            />
            {t(`mapas.mision.layer.${layer}`)}
          </label>
        ))}
      </fieldset>
      <MapView
        label={t('mapas.mision.mapLabel')}
        tiles={tiles}
        polygons={polygons}
        markers={markers}
        bounds={bounds}
        className="mapas-map"
      />
      {geography ? (
        <>
          <ul className="region-legend" aria-label={t('mapas.mision.legend')}>
            {geography.regions.map((r) => {
              const icon = regionIcon(r.id);
              return (
                <li key={r.id}>
                  <span
                    className="map-badge region-legend-badge"
                    style={{ background: icon.color, color: icon.text }}
                    aria-hidden="true"
                  >
                    {regionBadge(r.id)}
                  </span>
                  {r.nombre_de_region}
                </li>
              );
            })}
            <li>
              <span className="zone-legend-line" aria-hidden="true" />
              {t('mapas.mision.zoneLegend')}
            </li>
          </ul>
          <div className="mission-lists">
            <CommunityList
              id="sin-ermita"
              title={t('mapas.mision.noHermitage')}
              empty={t('mapas.mision.noHermitageEmpty')}
              communities={lists.noHermitage}
            />
            <CommunityList
              id="sin-localidad"
              title={t('mapas.mision.noLocality')}
              empty={t('mapas.mision.noLocalityEmpty')}
              communities={lists.noLocality}
            />
          </div>
        </>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
