/**
 * The state of the delivery charts: the scope (one member, a community
 * or a region), the unit (kg or MXN) and the processes shown — coffee only at first — and the
 * yearly sums they give, computed with #domain/deliveries over the replica's collections.
 */
import { useMemo, useState } from 'react';
import { PROCESSES, type Process } from '#domain/codes';
import { yearSums } from '#domain/deliveries';
import { acopiosForSum } from '#domain/delivery-rows';
import type { Community, Region, Socio } from '#domain/entities';
import { acopiosInScope, type DeliveryScope } from './delivery-filter.ts';
import type { EvaluacionData } from './use-evaluacion-data.ts';

export type ScopeKind = DeliveryScope['kind'];

function byName(a: Community, b: Community): number {
  return a.nombre_de_comunidad.localeCompare(b.nombre_de_comunidad, 'es');
}

/** The name of what the chart adds up, for its label. */
function scopeNameOf(
  scope: DeliveryScope | null,
  member: Socio | undefined,
  communities: readonly Community[],
  regions: readonly Region[],
): string {
  if (scope === null) return '';
  if (scope.kind === 'socio') return `${member?.clave_socio ?? ''} ${member?.full_name ?? ''}`;
  if (scope.kind === 'comunidad')
    return communities.find((c) => c.id === scope.id)?.nombre_de_comunidad ?? '';
  return regions.find((r) => r.id === scope.id)?.nombre_de_region ?? '';
}

export function useDeliveryChart(data: EvaluacionData, member: Socio | undefined) {
  const regions = useMemo(() => [...data.regiones].sort((a, b) => a.id - b.id), [data.regiones]);
  const communities = useMemo(() => [...data.comunidades].sort(byName), [data.comunidades]);
  const [kind, setKind] = useState<ScopeKind>(member ? 'socio' : 'region');
  const [comunidad, setComunidad] = useState<number | null>(
    member?.comunidad ?? communities[0]?.id ?? null,
  );
  const [region, setRegion] = useState<number | null>(member?.region ?? regions[0]?.id ?? null);
  const [kg, setKg] = useState(false);
  // The chart starts with coffee only.
  const [chosen, setChosen] = useState<readonly Process[]>(['CF']);

  const clave = member?.clave_socio ?? null;
  const scope = useMemo((): DeliveryScope | null => {
    if (kind === 'socio') return clave === null ? null : { kind, clave };
    if (kind === 'comunidad') return comunidad === null ? null : { kind, id: comunidad };
    return region === null ? null : { kind, id: region };
  }, [kind, clave, comunidad, region]);

  const processes = useMemo(() => PROCESSES.filter((p) => chosen.includes(p)), [chosen]);
  const rows = useMemo(
    () =>
      scope === null
        ? []
        : yearSums(acopiosForSum(acopiosInScope(data.acopios, scope)), { kg, processes }),
    [data.acopios, scope, kg, processes],
  );

  function toggle(process: Process, on: boolean) {
    setChosen((current) => (on ? [...current, process] : current.filter((p) => p !== process)));
  }

  return {
    regions,
    communities,
    kind,
    setKind,
    comunidad,
    setComunidad,
    region,
    setRegion,
    kg,
    setKg,
    chosen,
    toggle,
    scope,
    scopeName: scopeNameOf(scope, member, communities, regions),
    processes,
    rows,
  };
}

export type DeliveryChartState = ReturnType<typeof useDeliveryChart>;
