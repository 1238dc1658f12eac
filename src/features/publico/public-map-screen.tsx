/**
 * Public map (/mapa): where the cooperative works — the northern jungle of Chiapas — on the
 * configured tiles or the plain background. The regions, zones and communities are data of
 * the cooperative that only logged-in users receive, so a visitor sees the territory's centre
 * and is told where the detailed maps are.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MAP_CENTER } from '#domain/codes';
import { MapView, type MapMarker } from '#ui/map-view.tsx';
import { useMapTiles } from '#ui/map-tiles-context.tsx';
import './publico.css';

/** Zoom that shows the territory with some of its surroundings. */
const PUBLIC_ZOOM = 9;

export interface PublicMapScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function PublicMapScreen({ titleKey }: PublicMapScreenProps) {
  const { t } = useTranslation();
  const tiles = useMapTiles();
  const markers = useMemo<MapMarker[]>(
    () => [
      {
        id: 'territory',
        position: MAP_CENTER,
        label: t('public.map.territory'),
        color: '#1f5130',
      },
    ],
    [t],
  );
  return (
    <section className="screen public-page public-map-page">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <p className="screen-lead">{t('public.mapLead')}</p>
      <MapView
        label={t('public.map.label')}
        tiles={tiles}
        markers={markers}
        zoom={PUBLIC_ZOOM}
        className="public-map"
      />
      <p className="public-map-note" data-testid="public-map-note">
        {t('public.map.membersOnly')}
      </p>
      <Link className="btn btn-secondary" to="/acceso">
        {t('public.goToLogin')}
      </Link>
    </section>
  );
}
