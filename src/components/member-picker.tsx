/**
 * "Buscar socio" popup shared by every form that names a member (request applicant and
 * guarantor, acopio, contribution…): type a key or part of a name, pick a row. The caller passes
 * the members it may choose from (read from the replica, so it works offline) and decides what
 * a pick means; at most MAX_RESULTS rows are drawn so thousands of members stay instant.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '#ui/modal.tsx';
import { normalizeSearchText } from '#ui/data-table-features.ts';

export interface MemberOption {
  clave_socio: number;
  full_name: string;
  nombre_comunidad?: string;
}

export interface MemberPickerProps<M extends MemberOption> {
  open: boolean;
  /** Already translated; default "Buscar socio". */
  title?: string;
  members: readonly M[];
  onPick: (member: M) => void;
  onClose: () => void;
}

export const MAX_RESULTS = 50;

/** Members whose key starts with the digits typed, or whose name/community contains the words. */
export function filterMembers<M extends MemberOption>(members: readonly M[], query: string): M[] {
  const text = query.trim();
  if (text === '') return members.slice(0, MAX_RESULTS);
  if (/^\d+$/.test(text)) {
    const exact = members.filter((m) => String(m.clave_socio) === text);
    const starts = members.filter(
      (m) => String(m.clave_socio).startsWith(text) && String(m.clave_socio) !== text,
    );
    return [...exact, ...starts].slice(0, MAX_RESULTS);
  }
  const words = normalizeSearchText(text).split(/\s+/).filter(Boolean);
  const found: M[] = [];
  for (const member of members) {
    const haystack = normalizeSearchText(`${member.full_name} ${member.nombre_comunidad ?? ''}`);
    if (words.every((word) => haystack.includes(word))) found.push(member);
    if (found.length >= MAX_RESULTS) break;
  }
  return found;
}

export function MemberPicker<M extends MemberOption>({
  open,
  title,
  members,
  onPick,
  onClose,
}: MemberPickerProps<M>) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = useMemo(() => filterMembers(members, deferred), [members, deferred]);
  return (
    <Modal open={open} title={title ?? t('ui.memberPicker.title')} onClose={onClose} size="md">
      <label className="field member-picker-search">
        <span className="field-label">{t('ui.memberPicker.search')}</span>
        <input
          className="input"
          type="search"
          value={query}
          autoComplete="off"
          placeholder={t('ui.memberPicker.placeholder')}
          onChange={(event) => setQuery(event.target.value)}
        />
      </label>
      {results.length === 0 ? (
        <p className="member-picker-empty">{t('ui.memberPicker.none')}</p>
      ) : (
        <ul className="member-picker-list" aria-label={t('ui.memberPicker.results')}>
          {results.map((member) => (
            <li key={member.clave_socio}>
              <button
                type="button"
                className="member-picker-row"
                onClick={() => {
                  onPick(member);
                  setQuery('');
                }}
              >
                <span className="member-picker-key">{member.clave_socio}</span>
                <span className="member-picker-name">{member.full_name}</span>
                {member.nombre_comunidad && (
                  <span className="member-picker-community">{member.nombre_comunidad}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
