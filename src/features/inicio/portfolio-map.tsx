/**
 * The regional portfolio map of the home screen (docs/business-rules.md#portfolios): every region's
 * polygon in its colour — grey without loans, green with only current loans, red when the overdue
 * total exceeds the current one, yellow otherwise — a point per region with its figures, the legend
 * with the overdue bands, and the same figures as a table (readable without a map). Everything
 * comes from the replica, so it draws offline on the plain background.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeoPolygon } from '#domain/entities';
import { formatCurrency } from '#domain/format';
import type { PortfolioTotals } from '#domain/portfolio';
import { Currency } from '#ui/money.tsx';
import { polygonsBounds } from '#ui/map-style.ts';
import { MapView, type MapMarker, type MapPolygon } from '#ui/map-view.tsx';
import { useMapTiles } from '#ui/map-tiles-context.tsx';
import { ScrollRegion } from '#ui/scroll-region.tsx';
import { REGION_COLOUR_ORDER, REGION_COLOURS } from './region-colours.ts';
import type { RegionPortfolio } from './use-home-portfolio.ts';

const BANDS = ['vencidosLT30', 'vencidos30to6M', 'vencidosGT6M'] as const;

/** A point inside a region for its marker: the mean of its outer ring's vertices. */
function centreOf(poly: GeoPolygon): [number, number] | null {
  const ring = poly.coordinates[0];
  if (!ring || ring.length < 2) return null;
  const points = ring.slice(0, -1);
  const lng = points.reduce((sum, p) => sum + p[0], 0) / points.length;
  const lat = points.reduce((sum, p) => sum + p[1], 0) / points.length;
  return [lat, lng];
}

function Swatch({ colour }: { colour: string }) {
  return <span className="home-swatch" style={{ background: colour }} aria-hidden="true" />;
}

export interface PortfolioMapProps {
  regions: readonly RegionPortfolio[];
  totals: PortfolioTotals;
}

export function PortfolioMap({ regions, totals }: PortfolioMapProps) {
  const { t } = useTranslation();
  const tiles = useMapTiles();

  const polygons = useMemo<MapPolygon[]>(
    () =>
      regions.flatMap((r) =>
        r.poly
          ? [
              {
                id: `region-${r.region}`,
                polygon: r.poly,
                color: REGION_COLOURS[r.colour],
                fillOpacity: 0.45,
              },
            ]
          : [],
      ),
    [regions],
  );

  const bounds = useMemo(() => polygonsBounds(polygons), [polygons]);

  const markers = useMemo<MapMarker[]>(
    () =>
      regions.flatMap((r) => {
        const at = r.poly ? centreOf(r.poly) : null;
        if (!at) return [];
        const label = t('inicio.portfolio.regionPoint', {
          region: r.name,
          current: formatCurrency(r.vigentes_total),
          currentCount: r.vigentes_count,
          overdue: formatCurrency(r.vencidos_total),
          overdueCount: r.vencidos_count,
        });
        return [{ id: String(r.region), position: at, label, color: REGION_COLOURS[r.colour] }];
      }),
    [regions, t],
  );

  return (
    <section className="card home-card portfolio-map-card" aria-labelledby="home-map-title">
      <h2 id="home-map-title" className="home-card-title">
        {t('inicio.portfolio.mapTitle')}
      </h2>
      <MapView
        label={t('inicio.portfolio.mapLabel')}
        tiles={tiles}
        polygons={polygons}
        markers={markers}
        bounds={bounds}
        className="home-map"
      />
      <div className="home-legend" data-testid="portfolio-legend">
        <ul className="home-legend-colours">
          {REGION_COLOUR_ORDER.map((colour) => (
            <li key={colour}>
              <Swatch colour={REGION_COLOURS[colour]} />
              {t(`inicio.portfolio.colours.${colour}`)}
            </li>
          ))}
        </ul>
        <h3 className="home-legend-title">{t('inicio.portfolio.bandsTitle')}</h3>
        <ul className="home-legend-bands">
          {BANDS.map((band) => (
            <li key={band} data-testid={`band-${band}`}>
              <span>{t(`inicio.portfolio.bands.${band}`)}</span>
              <span className="home-band-figures">
                <Currency cents={totals[band].total} />{' '}
                {t('inicio.portfolio.credits', { count: totals[band].count })}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <ScrollRegion className="home-region-table-wrap" label={t('inicio.portfolio.tableCaption')}>
        <table className="home-region-table" data-testid="portfolio-regions">
          <caption className="sr-only">{t('inicio.portfolio.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('inicio.portfolio.region')}</th>
              <th scope="col" className="is-end">
                {t('inicio.portfolio.current')}
              </th>
              <th scope="col" className="is-end">
                {t('inicio.portfolio.overdue')}
              </th>
            </tr>
          </thead>
          <tbody>
            {regions.map((r) => (
              <tr key={r.region} data-colour={r.colour}>
                <th scope="row">
                  <Swatch colour={REGION_COLOURS[r.colour]} />
                  {r.name}
                  <span className="sr-only"> {t(`inicio.portfolio.colours.${r.colour}`)}</span>
                </th>
                <td className="is-end">
                  <Currency cents={r.vigentes_total} />
                  <span className="home-count">({r.vigentes_count})</span>
                </td>
                <td className="is-end">
                  <Currency cents={r.vencidos_total} />
                  <span className="home-count">({r.vencidos_count})</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
