/**
 * A hermitage's read-only detail: zone, inter-zone,
 * municipality, locality, its note and location, with the map showing its point over the
 * regions. Without a location the data still show and the map stays on the cooperative's
 * centre with a note.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Hermitage, Region } from '#domain/entities';
import { Button } from '#ui/button.tsx';
import { MapView, type MapMarker, type MapPolygon, type MapTileConfig } from '#ui/map-view.tsx';
import { Modal } from '#ui/modal.tsx';

/** Zoom that shows a hermitage and the villages around it. */
const POINT_ZOOM = 13;
const REGION_COLOR = '#1f5130';
const POINT_COLOR = '#b8651b';

const DETAIL_FIELDS = ['zona', 'interzona', 'municipio', 'localidad', 'localidad_nota'] as const;

export interface HermitageModalProps {
  hermitage: Hermitage;
  regions: readonly Region[];
  tiles: MapTileConfig | null;
  onClose: () => void;
}

export function HermitageModal({ hermitage, regions, tiles, onClose }: HermitageModalProps) {
  const { t } = useTranslation();
  const where = hermitage.ubicacion;
  const markers = useMemo<MapMarker[]>(
    () =>
      where
        ? [
            {
              id: String(hermitage.ermita_id),
              position: where,
              label: hermitage.nombre,
              color: POINT_COLOR,
            },
          ]
        : [],
    [where, hermitage.ermita_id, hermitage.nombre],
  );
  const polygons = useMemo<MapPolygon[]>(
    () =>
      regions.flatMap((r) =>
        r.poly
          ? [{ id: `region-${r.id}`, polygon: r.poly, color: REGION_COLOR, fillOpacity: 0.06 }]
          : [],
      ),
    [regions],
  );

  return (
    <Modal
      open
      size="lg"
      // The name already reads "Ermita …": it is the title as it is.
      title={hermitage.nombre}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('tsumbalil.hermitage.close')}</Button>}
    >
      <div className="hermitage-detail" data-testid="hermitage-detail">
        <dl className="detail-list">
          <div>
            <dt>{t('tsumbalil.hermitage.fields.ermita_id')}</dt>
            <dd>{hermitage.ermita_id}</dd>
          </div>
          {DETAIL_FIELDS.map((field) => (
            <div key={field}>
              <dt>{t(`tsumbalil.hermitage.fields.${field}`)}</dt>
              <dd>{hermitage[field] || t('tsumbalil.hermitage.empty')}</dd>
            </div>
          ))}
          <div>
            <dt>{t('tsumbalil.hermitage.fields.ubicacion')}</dt>
            <dd data-testid="hermitage-location">
              {where
                ? t('tsumbalil.hermitage.location', {
                    lat: where[0].toFixed(5),
                    lng: where[1].toFixed(5),
                  })
                : t('tsumbalil.hermitage.noLocation')}
            </dd>
          </div>
        </dl>
        <MapView
          label={t('tsumbalil.hermitage.mapLabel', { nombre: hermitage.nombre })}
          tiles={tiles}
          markers={markers}
          polygons={polygons}
          center={where ?? undefined}
          zoom={where ? POINT_ZOOM : undefined}
        />
      </div>
    </Modal>
  );
}
