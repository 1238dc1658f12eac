/**
 * Member evaluation (/evaluacion-socio; CO and GE): choose a
 * member (by key or in the popup; `?socio=<key>&proceso=<code>` from the member form), see its
 * data and balance, and the yearly delivery charts — per member, community or region, kg or
 * MXN — all computed from the replica, so the screen works offline.
 */
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { balanceOf, type MovementForBalance } from '#domain/balance';
import { isCode } from '#domain/codes';
import { movementForBalance } from '#domain/delivery-rows';
import {
  memberSearchSchema,
  type MemberSearchInput,
  type MemberSearchValues,
} from '#domain/forms/member-search';
import { Button } from '#ui/button.tsx';
import { DeliveryMemberField } from '#components/delivery-member-field.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { Form } from '#ui/form.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { DeliveryCharts } from './delivery-charts.tsx';
import { MemberCard } from './member-card.tsx';
import { useEvaluacionData } from './use-evaluacion-data.ts';
import './evaluacion-socio.css';

export interface EvaluacionSocioScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

function MemberSearch({
  socio,
  members,
  onSocio,
}: {
  socio: number | null;
  members: readonly { clave_socio: number; full_name: string; nombre_comunidad: string }[];
  onSocio: (clave: number) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<MemberSearchInput, unknown, MemberSearchValues>({
    resolver: zodResolver(memberSearchSchema),
    defaultValues: { clave_socio: socio === null ? '' : String(socio) },
    mode: 'onTouched',
  });
  // The key in the address wins (a link, "back"): the field follows it. A remount keyed on the
  // member left the old form on screen beside the new one after "Buscar" in Chromium.
  const { reset } = form;
  useEffect(() => {
    reset({ clave_socio: socio === null ? '' : String(socio) });
  }, [reset, socio]);
  return (
    <Form
      form={form}
      confirm={false}
      onSubmit={(values) => onSocio(values.clave_socio)}
      className="form evaluacion-search card"
    >
      <DeliveryMemberField
        name="clave_socio"
        label={t('evaluacionSocio.clave')}
        members={members}
        required
        notFoundText={t('evaluacionSocio.notOnPhone')}
        onPick={(m) => onSocio(m.clave_socio)}
      />
      <Button type="submit" variant="primary" data-testid="evaluacion-search">
        {t('evaluacionSocio.search')}
      </Button>
    </Form>
  );
}

export function EvaluacionSocioScreen({ titleKey }: EvaluacionSocioScreenProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const data = useEvaluacionData();
  const socioParam = params.get('socio');
  const socio = socioParam !== null && /^\d+$/.test(socioParam) ? Number(socioParam) : null;
  const procesoParam = params.get('proceso');
  const process = isCode('processes', procesoParam) ? procesoParam : null;

  const member = useMemo(
    () => (socio === null ? undefined : data?.members.find((m) => m.clave_socio === socio)),
    [data, socio],
  );
  const balance = useMemo(() => {
    if (!data || socio === null) return null;
    const mine: MovementForBalance[] = [];
    for (const row of data.movimientos) {
      if (row.clave_socio !== socio) continue;
      const m = movementForBalance(row);
      if (m) mine.push(m);
    }
    return balanceOf(mine);
  }, [data, socio]);

  return (
    <section className="screen evaluacion-socio-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {data === undefined ? (
        <Spinner />
      ) : (
        <>
          <MemberSearch
            socio={socio}
            members={data.members}
            onSocio={(clave) => setParams({ socio: String(clave) })}
          />
          {socio !== null && member === undefined ? (
            <EmptyState title={t('evaluacionSocio.notFound', { clave: socio })} />
          ) : null}
          {member ? <MemberCard member={member} process={process} balance={balance} /> : null}
          <DeliveryCharts key={member?.clave_socio ?? 'none'} data={data} member={member} />
        </>
      )}
    </section>
  );
}
