/**
 * What is still in the field: per promoter its last contact, what its phone
 * reported holding (counts by kind and state, never contents) and the warnings — silent, or
 * holding a refusal — after the configured days.
 */
import { useTranslation } from 'react-i18next';
import { kindLabelKey, type FieldPhonesAnswer } from '#domain/field-inbox';
import { formatDateTime } from '#domain/format';
import { Badge } from '#ui/badge.tsx';
import { useLang } from '#ui/use-lang.ts';

export function FieldPhones({ answer }: { answer: FieldPhonesAnswer | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (answer === null) return null;
  return (
    <section
      className="inbox-phones"
      aria-labelledby="inbox-phones-title"
      data-testid="inbox-phones"
    >
      <h2 id="inbox-phones-title" className="inbox-section-title">
        {t('bandeja.phones.title')}
      </h2>
      {answer.telefonos.length === 0 ? (
        <p className="inbox-empty">{t('bandeja.phones.none')}</p>
      ) : (
        <ul className="inbox-phone-list">
          {answer.telefonos.map((phone) => (
            <li key={phone.user_id} className="inbox-phone" data-testid="inbox-phone">
              <div className="inbox-phone-head">
                <strong>{phone.promotor}</strong>
                <span className="inbox-muted">
                  {t('bandeja.phones.lastContact')}:{' '}
                  {phone.ultimo_contacto
                    ? formatDateTime(phone.ultimo_contacto, lang)
                    : t('bandeja.phones.never')}
                </span>
              </div>
              <div className="inbox-phone-flags">
                {phone.silencioso ? (
                  <Badge tone="warning">
                    {t('bandeja.phones.silent', { count: answer.dias_silencio })}
                  </Badge>
                ) : null}
                {phone.rechazos_viejos ? (
                  <Badge tone="danger">
                    {t('bandeja.phones.oldRefusals', { count: answer.dias_rechazo })}
                  </Badge>
                ) : null}
              </div>
              <p className="inbox-phone-queue" data-testid="inbox-phone-queue">
                <span className="inbox-muted">{t('bandeja.phones.queue')}: </span>
                {phone.ultimo_reporte === null
                  ? t('bandeja.phones.noReport')
                  : phone.cola.length === 0
                    ? t('bandeja.phones.nothing')
                    : phone.cola
                        .map(
                          (c) =>
                            `${c.count} × ${t(kindLabelKey(c.kind), { defaultValue: t('syncCenter.unknownKind', { kind: c.kind }) })} (${t(`bandeja.queueState.${c.state}`, { defaultValue: c.state })})`,
                        )
                        .join(', ')}
                {phone.captura_mas_antigua ? (
                  <span className="inbox-muted">
                    {' · '}
                    {t('bandeja.phones.oldest')}: {formatDateTime(phone.captura_mas_antigua, lang)}
                  </span>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
