/**
 * The community/region filter block of the collections list: a region, then a community of
 * that region (either may stay "all"). It narrows the table and the yearly charts.
 */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommunityRow, RegionRow } from '#db/replica-rows';

export interface PlaceFilter {
  region: number | null;
  comunidad: number | null;
}

export const NO_PLACE_FILTER: PlaceFilter = { region: null, comunidad: null };

/** Whether a row of `region` and `comunidad` passes the filter. */
export function inPlace(filter: PlaceFilter, row: { region: number; comunidad: number }): boolean {
  if (filter.comunidad !== null) return row.comunidad === filter.comunidad;
  if (filter.region !== null) return row.region === filter.region;
  return true;
}

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

export function AcopiosPlaceFilter({
  value,
  onChange,
  regiones,
  comunidades,
}: {
  value: PlaceFilter;
  onChange: (next: PlaceFilter) => void;
  regiones: readonly RegionRow[];
  comunidades: readonly CommunityRow[];
}) {
  const { t } = useTranslation();
  const regionId = useId();
  const communityId = useId();
  const communities = useMemo(
    () =>
      comunidades
        .filter((c) => value.region === null || c.region === value.region)
        .sort((a, b) => a.nombre_de_comunidad.localeCompare(b.nombre_de_comunidad, 'es')),
    [comunidades, value.region],
  );
  const regions = useMemo(() => [...regiones].sort((a, b) => a.id - b.id), [regiones]);
  // Open on a wide screen; folded on a phone, where the list matters more.
  const [open] = useState(
    () =>
      typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 640px)').matches,
  );
  const current =
    value.comunidad !== null
      ? comunidades.find((c) => c.id === value.comunidad)?.nombre_de_comunidad
      : value.region !== null
        ? regiones.find((r) => r.id === value.region)?.nombre_de_region
        : t('acopios.place.everywhere');
  return (
    <details className="acopios-place card" data-testid="acopios-place" open={open}>
      <summary className="acopios-place-summary">
        <span>{t('acopios.place.title')}</span>
        <span className="acopios-place-current">{current}</span>
      </summary>
      <div className="acopios-place-fields">
        <div className="field">
          <label className="field-label" htmlFor={regionId}>
            {t('acopios.place.region')}
          </label>
          <select
            id={regionId}
            className="input select"
            value={value.region ?? ''}
            onChange={(event) =>
              onChange({ region: numberOrNull(event.target.value), comunidad: null })
            }
          >
            <option value="">{t('acopios.place.allRegions')}</option>
            {regions.map((r) => (
              <option key={r.id} value={r.id}>
                {r.nombre_de_region}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={communityId}>
            {t('acopios.place.comunidad')}
          </label>
          <select
            id={communityId}
            className="input select"
            value={value.comunidad ?? ''}
            onChange={(event) =>
              onChange({ ...value, comunidad: numberOrNull(event.target.value) })
            }
          >
            <option value="">{t('acopios.place.allCommunities')}</option>
            {communities.map((c) => (
              <option key={c.id} value={c.id}>
                {value.region === null
                  ? `${c.nombre_de_comunidad} — ${c.nombre_region}`
                  : c.nombre_de_comunidad}
              </option>
            ))}
          </select>
        </div>
      </div>
    </details>
  );
}
