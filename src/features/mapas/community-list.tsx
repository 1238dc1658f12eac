/** A titled list of communities with their region and how many there are (mission map). */
import { useTranslation } from 'react-i18next';
import type { Community } from '#domain/entities';
import { useKeyboardScroll } from '#ui/scroll-region.tsx';

export interface CommunityListProps {
  id: string;
  title: string;
  /** Shown when the list is empty. */
  empty: string;
  communities: readonly Community[];
}

export function CommunityList({ id, title, empty, communities }: CommunityListProps) {
  const { t } = useTranslation();
  const titleId = `mision-${id}-title`;
  // The list scrolls inside its card: by keyboard too.
  const listRef = useKeyboardScroll<HTMLUListElement>();
  return (
    <section className="card mission-list" aria-labelledby={titleId} data-testid={`list-${id}`}>
      <h2 id={titleId} className="mapas-section-title">
        {title}{' '}
        <span className="mission-list-count" data-testid={`count-${id}`}>
          {communities.length}
        </span>
      </h2>
      {communities.length === 0 ? (
        <p className="mapas-note">{empty}</p>
      ) : (
        <ul ref={listRef} className="mission-list-items" aria-labelledby={titleId}>
          {communities.map((c) => (
            <li key={c.id}>
              <span className="mission-list-name">{c.nombre_de_comunidad}</span>
              <span className="mission-list-region">
                {t('mapas.mision.regionOf', { region: c.nombre_region })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
