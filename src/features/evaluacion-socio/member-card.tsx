/**
 * The member's data on the evaluation: key, names, community and
 * region, entry dates, the status per process (the process chosen on the member form
 * highlighted) and the contribution balance.
 */
import { useTranslation } from 'react-i18next';
import type { Process } from '#domain/codes';
import type { Balance } from '#domain/balance';
import type { Socio } from '#domain/entities';
import { DateText } from '#ui/date-text.tsx';
import { Currency } from '#ui/money.tsx';
import { ProcessIcons } from '#components/process-icons.tsx';

export function MemberCard({
  member,
  process,
  balance,
}: {
  member: Socio;
  process: Process | null;
  balance: Balance | null;
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`evaluacionSocio.fields.${key}`);
  return (
    <section className="evaluacion-member card" data-testid="evaluacion-member">
      <h2 className="section-title">
        <span className="evaluacion-key">{member.clave_socio}</span> {member.full_name}
      </h2>
      <dl className="evaluacion-facts">
        <div>
          <dt>{f('comunidad')}</dt>
          <dd>{member.nombre_comunidad}</dd>
        </div>
        <div>
          <dt>{f('region')}</dt>
          <dd>{member.nombre_region}</dd>
        </div>
        <div>
          <dt>{f('fecha_ingr_yomol_atel')}</dt>
          <dd>
            <DateText iso={member.fecha_ingr_yomol_atel} />
          </dd>
        </div>
        <div>
          <dt>{f('fecha_ingr_programa')}</dt>
          <dd>
            <DateText iso={member.fecha_ingr_programa} />
          </dd>
        </div>
        <div>
          <dt>{f('telefono')}</dt>
          <dd>{member.telefono ?? '—'}</dd>
        </div>
        <div>
          <dt>{f('saldo')}</dt>
          <dd data-testid="evaluacion-saldo">
            {balance === null ? (
              t('evaluacionSocio.noMovements')
            ) : (
              <Currency cents={balance.saldo} />
            )}
          </dd>
        </div>
      </dl>
      <div className="evaluacion-processes">
        <span className="field-label">{f('procesos')}</span>
        <ProcessIcons
          value={process}
          statuses={{
            CF: member.estatus_cafe,
            MI: member.estatus_miel,
            JA: member.estatus_yip,
            SL: member.estatus_trabajador,
          }}
          readOnly
        />
      </div>
    </section>
  );
}
