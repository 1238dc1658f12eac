/**
 * The visit marks of a member, in its detail (docs/community-visit.md#visit-marks): "no vino",
 * "pagará el …" and "visitado", newest first, with the day, the community and who marked it.
 * The marks live on the server only (no replica), so they are asked for on opening, online.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import { fetchVisitMarks } from '#api/visitas';
import { can } from '#domain/permissions';
import { formatDate } from '#domain/format';
import type { VisitMarkRow } from '#domain/visit-shapes';
import { useLang } from '#ui/use-lang.ts';
import { useOnline } from '#ui/use-online.ts';

/** The last answer, for the member it was asked for (another member's is still loading). */
type Load = { clave: number; marks: VisitMarkRow[] } | { clave: number; failed: true } | null;

function MarkLine({ mark }: { mark: VisitMarkRow }) {
  const { t } = useTranslation();
  const lang = useLang();
  const what =
    mark.tipo === 'promesa' && mark.fecha_promesa !== null
      ? `${t('visita.mark.promesa')} ${formatDate(mark.fecha_promesa, lang)}`
      : t(`visita.mark.${mark.tipo}`);
  return (
    <li data-testid={`member-visit-mark-${mark.id}`}>
      <span className="member-visit-mark-date">{formatDate(mark.fecha, lang)}</span>{' '}
      <strong className={`member-visit-mark-kind is-${mark.tipo}`}>{what}</strong>{' '}
      <span className="member-visit-mark-who">
        {t('socios.visitMarks.by', {
          promotor: mark.nombre_promotor,
          comunidad: mark.nombre_comunidad,
        })}
      </span>
    </li>
  );
}

/** Shown to whoever may read marks (the office, a promoter in its region); a member is not. */
export function MemberVisitMarks({ clave }: { clave: number }) {
  const role = useStore(sessionStore, (s) => s.role);
  return can(role, 'visitas', 'read') ? <MarksOf clave={clave} /> : null;
}

function MarksOf({ clave }: { clave: number }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [load, setLoad] = useState<Load>(null);

  useEffect(() => {
    if (!online) return undefined;
    let current = true;
    fetchVisitMarks(clave).then(
      (marks) => current && setLoad({ clave, marks }),
      () => current && setLoad({ clave, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [clave, online]);

  let body;
  if (!online) body = <p>{t('socios.visitMarks.offline')}</p>;
  else if (load === null || load.clave !== clave)
    body = <p aria-busy="true">{t('socios.visitMarks.loading')}</p>;
  else if ('failed' in load) body = <p role="alert">{t('socios.visitMarks.failed')}</p>;
  else if (load.marks.length === 0) body = <p>{t('socios.visitMarks.empty')}</p>;
  else
    body = (
      <ul className="member-visit-marks-list">
        {load.marks.map((mark) => (
          <MarkLine key={mark.id} mark={mark} />
        ))}
      </ul>
    );
  return (
    <section
      className="member-visit-marks"
      aria-labelledby="member-visit-marks-title"
      data-testid="member-visit-marks"
    >
      <h3 id="member-visit-marks-title">{t('socios.visitMarks.title')}</h3>
      {body}
    </section>
  );
}
