/**
 * Process map (/mapa-procesos): a circle per community and process for
 * its members AC in coffee, honey, soap and salaries, radius 80 m × the count,
 * drawn as real circles on the ground; a toggle per process; the same counts as a table. The
 * counts come from the replica (see use-map-data.ts), so the map works offline, on the
 * configured tiles or on the plain background.
 */
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  codeLabelKey,
  PROCESS_CIRCLE_RADIUS_PER_MEMBER,
  PROCESSES,
  type Process,
} from '#domain/codes';
import { polygonsBounds } from '#ui/map-style.ts';
import { MapView, type MapPolygon } from '#ui/map-view.tsx';
import { useMapTiles } from '#ui/map-tiles-context.tsx';
import { DataTable } from '#ui/data-table.tsx';
import { ProcessArt } from '#components/process-icon-art.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { PROCESS_COLOURS } from './map-colours.ts';
import { countOf } from './member-counts.ts';
import { processCircles } from './process-circles.ts';
import { processColumns } from './process-columns.tsx';
import { useGeography, useProcessCounts } from './use-map-data.ts';
import './mapas.css';

const REGION_OUTLINE = '#1f5130';

/** The process's colour as the CSS custom property its toggle is drawn with. */
function colourStyle(process: Process): CSSProperties & { '--process-colour': string } {
  return { '--process-colour': PROCESS_COLOURS[process] };
}

export interface MapaProcesosScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function MapaProcesosScreen({ titleKey }: MapaProcesosScreenProps) {
  const { t } = useTranslation();
  const tiles = useMapTiles();
  const geography = useGeography();
  const counts = useProcessCounts();
  const [shown, setShown] = useState<ReadonlySet<Process>>(() => new Set(PROCESSES));
  const columns = useMemo(() => processColumns(t), [t]);

  const totals = useMemo(() => {
    const sum: Record<Process, number> = { CF: 0, MI: 0, JA: 0, SL: 0 };
    for (const row of counts?.rows ?? []) for (const p of PROCESSES) sum[p] += countOf(row, p);
    return sum;
  }, [counts]);

  const outlines = useMemo<MapPolygon[]>(
    () =>
      (geography?.regions ?? []).flatMap((r) =>
        r.poly
          ? [{ id: `region-${r.id}`, polygon: r.poly, color: REGION_OUTLINE, fillOpacity: 0.03 }]
          : [],
      ),
    [geography],
  );
  const bounds = useMemo(() => polygonsBounds(outlines), [outlines]);
  const polygons = useMemo<MapPolygon[]>(
    () => [...outlines, ...processCircles(counts?.rows ?? [], shown)],
    [outlines, counts, shown],
  );

  const unlocated = counts?.rows.filter((r) => !r.ubicacion).length ?? 0;

  function toggle(process: Process) {
    setShown((current) => {
      const next = new Set(current);
      if (next.has(process)) next.delete(process);
      else next.add(process);
      return next;
    });
  }

  return (
    <section className="screen mapas-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <p className="screen-lead">{t('mapas.procesos.lead')}</p>
      <fieldset className="process-toggles">
        <legend className="process-toggles-legend">{t('mapas.procesos.toggles')}</legend>
        {PROCESSES.map((process) => (
          <label
            key={process}
            className={`process-toggle${shown.has(process) ? ' is-on' : ''}`}
            style={colourStyle(process)}
          >
            <input
              type="checkbox"
              checked={shown.has(process)}
              onChange={() => toggle(process)}
              data-testid={`toggle-${process}`}
            />
            <ProcessArt process={process} />
            <span className="process-toggle-name">{t(codeLabelKey('processes', process))}</span>
            <span className="process-toggle-count" data-testid={`total-${process}`}>
              {counts ? totals[process] : '…'}
            </span>
          </label>
        ))}
      </fieldset>
      {counts?.partial ? (
        <p className="mapas-note is-warning" role="note">
          {t('mapas.procesos.partial')}
        </p>
      ) : null}
      <MapView
        label={t('mapas.procesos.mapLabel')}
        tiles={tiles}
        polygons={polygons}
        bounds={bounds}
        className="mapas-map"
      />
      <p className="mapas-note">
        {t('mapas.procesos.radius', { metres: PROCESS_CIRCLE_RADIUS_PER_MEMBER })}
        {unlocated > 0 ? ` ${t('mapas.procesos.unlocated', { count: unlocated })}` : ''}
      </p>
      <h2 className="mapas-section-title">{t('mapas.procesos.tableTitle')}</h2>
      {counts ? (
        <DataTable
          id="mapa-procesos-counts"
          data={counts.rows}
          columns={columns}
          getRowId={(row) => String(row.id)}
          caption={t('mapas.procesos.tableTitle')}
          initialSorting={[{ id: 'nombre_de_comunidad', desc: false }]}
          footer={(rows) =>
            Object.fromEntries([
              ['nombre_de_comunidad', t('mapas.procesos.total')],
              ...PROCESSES.map((p) => [p, rows.reduce((sum, r) => sum + countOf(r, p), 0)]),
            ])
          }
        />
      ) : (
        <Spinner />
      )}
    </section>
  );
}
