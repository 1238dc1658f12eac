/**
 * The communities of the day: every community on the phone with members, as checkboxes; once
 * some are chosen the list folds under their names so the members come first on a phone.
 */
import { useTranslation } from 'react-i18next';
import type { CommunityRow } from '#db/replica-rows';

export interface CommunityChooserProps {
  communities: readonly CommunityRow[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
}

export function CommunityChooser({ communities, chosen, onChange }: CommunityChooserProps) {
  const { t } = useTranslation();
  const picked = new Set(chosen);
  const options = communities.flatMap((c) =>
    typeof c.id === 'number' ? [{ id: c.id, name: c.nombre_de_comunidad }] : [],
  );
  const names = options.filter((c) => picked.has(c.id)).map((c) => c.name);
  const toggle = (id: number) =>
    onChange(picked.has(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  return (
    <details className="visit-communities card" open={chosen.length === 0}>
      <summary data-testid="visit-communities-summary">
        {names.length === 0
          ? t('visita.communities.choose')
          : t('visita.communities.chosen', { names: names.join(', ') })}
      </summary>
      {options.length === 0 ? (
        <p className="field-hint">{t('visita.communities.none')}</p>
      ) : (
        <fieldset className="visit-community-list">
          <legend className="sr-only">{t('visita.communities.legend')}</legend>
          {options.map((c) => (
            <label key={c.id} className="visit-community">
              <input
                type="checkbox"
                checked={picked.has(c.id)}
                onChange={() => toggle(c.id)}
                data-testid={`visit-community-${c.id}`}
              />
              <span>{c.name}</span>
            </label>
          ))}
        </fieldset>
      )}
    </details>
  );
}
