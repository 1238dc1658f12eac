/**
 * What both office screens show of a request: the request
 * itself, a member (applicant or guarantor) with its status in the request's process and its
 * documents on file, and the request's conversation (chat). Texts: `mesaControl.request.*`,
 * `mesaControl.member.*`, `mesaControl.chat.*` (shared by /mesa-control and /evaluacion).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey, PROCESS_STATUS_FIELD, type Process } from '#domain/codes';
import type { CreditRequestChatEntry } from '#domain/credit-request-shape';
import { formatDateTime } from '#domain/format';
import { parseMoney } from '#domain/money';
import type { SocioRow, SolicitudRow } from '#db/replica-rows';
import { Badge, type BadgeTone } from '#ui/badge.tsx';
import { Currency } from '#ui/money.tsx';
import { DateText } from '#ui/date-text.tsx';
import { StatusDot } from '#ui/status-dot.tsx';
import { useLang } from '#ui/use-lang.ts';

/** One label/value pair of a detail list. */
export function Detail({
  label,
  children,
  wide,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`review-detail${wide ? ' is-wide' : ''}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const STATUS_TONE: Record<string, BadgeTone> = {
  AP: 'success',
  RV: 'primary',
  RE: 'danger',
  NE: 'warning',
  CA: 'neutral',
};

export function RequestStatusBadges({ record }: { record: SolicitudRow }) {
  const { t } = useTranslation();
  return (
    <span className="review-badges">
      <Badge tone={STATUS_TONE[record.estatus_solicitud] ?? 'neutral'}>
        {t('mesaControl.request.solicitudBadge', {
          status: t(codeLabelKey('requestStatuses', record.estatus_solicitud)),
        })}
      </Badge>
      <Badge tone={STATUS_TONE[record.estatus_evaluacion] ?? 'neutral'}>
        {t('mesaControl.request.evaluacionBadge', {
          status: t(codeLabelKey('evaluationStatuses', record.estatus_evaluacion)),
        })}
      </Badge>
    </span>
  );
}

export function RequestSummary({ record }: { record: SolicitudRow }) {
  const { t } = useTranslation();
  const reason =
    record.mot_credito === 'OT' && record.mot_credito_otro
      ? `${t(codeLabelKey('creditReasons', record.mot_credito))}: ${record.mot_credito_otro}`
      : t(codeLabelKey('creditReasons', record.mot_credito));
  const activity = record.act_productiva
    ? record.act_productiva === 'OT' && record.act_productiva_otro
      ? `${t(codeLabelKey('productiveActivities', record.act_productiva))}: ${record.act_productiva_otro}`
      : t(codeLabelKey('productiveActivities', record.act_productiva))
    : null;
  return (
    <section className="card review-card" aria-labelledby="review-request-title">
      <header className="review-card-header">
        <h2 id="review-request-title" className="review-card-title">
          {t('mesaControl.request.title', { folio: record.folio_solicitud })}
        </h2>
        <RequestStatusBadges record={record} />
      </header>
      <dl className="review-details" data-testid="review-request">
        <Detail label={t('mesaControl.request.socio')}>
          {record.clave_socio} · {record.nombre_socio}
        </Detail>
        <Detail label={t('mesaControl.request.lugar')}>
          {record.nombre_comunidad} · {record.nombre_region}
        </Detail>
        <Detail label={t('mesaControl.request.fecha')}>
          <DateText iso={record.fecha_solicitud} />
        </Detail>
        <Detail label={t('mesaControl.request.promotor')}>{record.promotor_nombre}</Detail>
        <Detail label={t('mesaControl.request.proceso')}>
          {t(codeLabelKey('processes', record.proceso))}
        </Detail>
        <Detail label={t('mesaControl.request.tipo')}>
          {t(codeLabelKey('creditTypes', record.tipo_credito))}
        </Detail>
        <Detail label={t('mesaControl.request.monto')}>
          <strong>
            <Currency cents={parseMoney(record.monto_solicitado)} />
          </strong>
        </Detail>
        <Detail label={t('mesaControl.request.plazo')}>
          {t('mesaControl.request.meses', { count: record.plazo_de_pago_solicitado })}
        </Detail>
        <Detail label={t('mesaControl.request.motivo')}>
          {reason}
          {record.emergencia_medica ? (
            <>
              {' '}
              <Badge tone="danger">{t('mesaControl.request.emergencia')}</Badge>
            </>
          ) : null}
        </Detail>
        {activity ? <Detail label={t('mesaControl.request.actividad')}>{activity}</Detail> : null}
        <Detail label={t('mesaControl.request.aval')}>
          {record.aval} · {record.aval_nombre}
        </Detail>
        <Detail label={t('mesaControl.request.familiar')}>{record.familiar_responsable}</Detail>
        <Detail label={t('mesaControl.request.justificacion')} wide>
          {record.justificacion_credito}
        </Detail>
        {record.irregularidades ? (
          <Detail label={t('mesaControl.request.irregularidades')} wide>
            {record.irregularidades}
          </Detail>
        ) : null}
      </dl>
    </section>
  );
}

const DOCUMENTS = ['doc_curp', 'doc_ine', 'doc_domicilio', 'doc_act_nac', 'doc_rfc'] as const;

/** The applicant or the guarantor: place, status in the request's process, documents. */
export function MemberCard({
  title,
  socio,
  clave,
  proceso,
  testId,
  children,
}: {
  title: string;
  socio: SocioRow | null;
  clave: number;
  proceso: Process;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (!socio) {
    return (
      <section className="card review-card" data-testid={testId}>
        <h2 className="review-card-title">{title}</h2>
        <p className="review-note">{t('mesaControl.member.notInReplica', { clave })}</p>
        {children}
      </section>
    );
  }
  const status = socio[PROCESS_STATUS_FIELD[proceso]];
  const onFile = DOCUMENTS.filter((doc) => socio[doc]);
  const missing = DOCUMENTS.filter((doc) => !socio[doc]);
  return (
    <section className="card review-card" data-testid={testId}>
      <h2 className="review-card-title">{title}</h2>
      <dl className="review-details">
        <Detail label={t('mesaControl.member.clave')}>
          {socio.clave_socio} · {socio.full_name}
        </Detail>
        <Detail label={t('mesaControl.member.lugar')}>
          {socio.nombre_comunidad} · {socio.nombre_region}
        </Detail>
        <Detail
          label={t('mesaControl.member.estatusProceso', {
            proceso: t(codeLabelKey('processes', proceso)),
          })}
        >
          <StatusDot status={status} showLabel />
        </Detail>
        <Detail label={t('mesaControl.member.telefono')}>{socio.telefono ?? '—'}</Detail>
        <Detail label={t('mesaControl.member.ingresoYomol')}>
          <DateText iso={socio.fecha_ingr_yomol_atel} />
        </Detail>
        <Detail label={t('mesaControl.member.ingresoPrograma')}>
          <DateText iso={socio.fecha_ingr_programa} />
        </Detail>
        <Detail label={t('mesaControl.member.documentos')} wide>
          <ul className="review-docs">
            {onFile.map((doc) => (
              <li key={doc} className="is-on-file">
                <span aria-hidden="true">✓ </span>
                {t(`mesaControl.member.docs.${doc}`)}
              </li>
            ))}
            {missing.map((doc) => (
              <li key={doc} className="is-missing">
                <span aria-hidden="true">✗ </span>
                <span className="sr-only">{t('mesaControl.member.missing')} </span>
                {t(`mesaControl.member.docs.${doc}`)}
              </li>
            ))}
          </ul>
        </Detail>
      </dl>
      {children}
    </section>
  );
}

export function ChatList({ chat }: { chat: readonly CreditRequestChatEntry[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="card review-card" aria-labelledby="review-chat-title">
      <h2 id="review-chat-title" className="review-card-title">
        {t('mesaControl.chat.title')}
      </h2>
      {chat.length === 0 ? (
        <p className="review-note">{t('mesaControl.chat.empty')}</p>
      ) : (
        <ol className="review-chat" data-testid="review-chat">
          {chat.map((entry) => (
            <li key={entry.id}>
              <p className="review-chat-meta">
                <strong>{entry.user}</strong>{' '}
                <time dateTime={entry.fecha}>{formatDateTime(entry.fecha, lang)}</time>
              </p>
              <p className="review-chat-text">{entry.comentario}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
