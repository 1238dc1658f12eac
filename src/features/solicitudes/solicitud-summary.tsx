/**
 * A request's data, read-only: what was asked, by whom, for
 * which member and guarantor, its two statuses and — once decided — what was approved. Names
 * of codes are shown in the user's language from the codes themselves.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import { parseMoney } from '#domain/money';
import { Badge, type BadgeTone } from '#ui/badge.tsx';
import { Currency } from '#ui/money.tsx';
import { DateText } from '#ui/date-text.tsx';
import { Percent } from '#ui/percent.tsx';
import type { SolicitudRow } from '#db/replica-rows';

const STATUS_TONE: Record<string, BadgeTone> = {
  AP: 'success',
  RV: 'primary',
  RE: 'danger',
  NE: 'accent',
  CA: 'neutral',
};

/** The request's and the evaluation's status as two labelled chips. */
export function SolicitudStatus({ record }: { record: SolicitudRow }) {
  const { t } = useTranslation();
  return (
    <p className="solicitud-statuses" data-testid="solicitud-statuses">
      <span>
        {t('solicitudes.fields.estatus_solicitud')}{' '}
        <Badge tone={STATUS_TONE[record.estatus_solicitud]}>
          {t(codeLabelKey('requestStatuses', record.estatus_solicitud))}
        </Badge>
      </span>
      <span>
        {t('solicitudes.fields.estatus_evaluacion')}{' '}
        <Badge tone={STATUS_TONE[record.estatus_evaluacion]}>
          {t(codeLabelKey('evaluationStatuses', record.estatus_evaluacion))}
        </Badge>
      </span>
    </p>
  );
}

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'is-wide' : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function SolicitudSummary({ record }: { record: SolicitudRow }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`solicitudes.fields.${key}`);
  const empty = t('solicitudes.detail.empty');
  const approved = record.monto_aprobado !== null;
  return (
    <dl className="solicitud-summary" data-testid="solicitud-summary">
      <Item label={f('fecha_solicitud')}>
        <DateText iso={record.fecha_solicitud} />
      </Item>
      <Item label={f('clave_socio')}>
        {record.nombre_socio} <span className="solicitud-socio-key">{record.clave_socio}</span>
      </Item>
      <Item label={f('comunidad')}>
        {record.nombre_comunidad}
        {record.nombre_region ? ` — ${record.nombre_region}` : ''}
      </Item>
      <Item label={f('proceso')}>{t(codeLabelKey('processes', record.proceso))}</Item>
      <Item label={f('tipo_credito')}>{t(codeLabelKey('creditTypes', record.tipo_credito))}</Item>
      <Item label={f('mot_credito')}>
        {t(codeLabelKey('creditReasons', record.mot_credito))}
        {record.mot_credito_otro ? `: ${record.mot_credito_otro}` : ''}
        {record.emergencia_medica ? (
          <>
            {' '}
            <Badge tone="danger">{f('emergencia_medica')}</Badge>
          </>
        ) : null}
      </Item>
      {record.act_productiva ? (
        <Item label={f('act_productiva')}>
          {t(codeLabelKey('productiveActivities', record.act_productiva))}
          {record.act_productiva_otro ? `: ${record.act_productiva_otro}` : ''}
        </Item>
      ) : null}
      <Item label={f('monto_solicitado')}>
        <Currency cents={parseMoney(record.monto_solicitado)} />
      </Item>
      <Item label={t('solicitudes.detail.plazo')}>
        {t('solicitudes.detail.months', { count: record.plazo_de_pago_solicitado })}
      </Item>
      <Item label={f('aval')}>
        {record.aval_nombre} <span className="solicitud-socio-key">{record.aval}</span>
      </Item>
      <Item label={f('familiar_responsable')}>{record.familiar_responsable}</Item>
      <Item label={f('promotor')}>{record.promotor_nombre || empty}</Item>
      <Item label={f('justificacion_credito')} wide>
        {record.justificacion_credito}
      </Item>
      {record.irregularidades ? (
        <Item label={f('irregularidades')} wide>
          {record.irregularidades}
        </Item>
      ) : null}
      {approved ? (
        <>
          <Item label={f('monto_aprobado')}>
            <Currency cents={parseMoney(record.monto_aprobado)} />
          </Item>
          <Item label={f('plazo_aprobado')}>
            {record.plazo_aprobado === null
              ? empty
              : t('solicitudes.detail.months', { count: record.plazo_aprobado })}
          </Item>
          <Item label={f('tasa_aprobada')}>
            <Percent value={record.tasa_aprobada} />
          </Item>
          <Item label={f('tasa_mor_aprobada')}>
            <Percent value={record.tasa_mor_aprobada} />
          </Item>
        </>
      ) : null}
      {record.contrato !== null ? <Item label={f('contrato')}>{record.contrato}</Item> : null}
    </dl>
  );
}
