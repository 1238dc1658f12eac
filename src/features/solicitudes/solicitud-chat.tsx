/**
 * A request's conversation: every comment with its author and time,
 * oldest first. A comment written on this phone and not sent yet is marked as pending.
 */
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#domain/format';
import { Badge } from '#ui/badge.tsx';
import { useLang } from '#ui/use-lang.ts';
import type { CreditRequestChatEntry } from '#domain/credit-request-shape';

export function SolicitudChat({ chat }: { chat: readonly CreditRequestChatEntry[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="solicitud-chat" aria-labelledby="solicitud-chat-title">
      <h3 id="solicitud-chat-title" className="solicitud-chat-title">
        {t('solicitudes.detail.chat')}
      </h3>
      {chat.length === 0 ? (
        <p className="solicitud-chat-empty">{t('solicitudes.detail.chatEmpty')}</p>
      ) : (
        <ol className="solicitud-chat-list" data-testid="solicitud-chat">
          {chat.map((entry, index) => (
            <li key={`${entry.id}-${index}`} className="solicitud-chat-entry">
              <p className="solicitud-chat-meta">
                <strong>{entry.user}</strong>{' '}
                <time dateTime={entry.fecha}>{formatDateTime(entry.fecha, lang)}</time>
                {entry.id < 0 ? (
                  <>
                    {' '}
                    <Badge tone="warning">{t('solicitudes.pendingBadge')}</Badge>
                  </>
                ) : null}
              </p>
              <p className="solicitud-chat-text">{entry.comentario}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
