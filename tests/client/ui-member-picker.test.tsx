import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSpanish } from '#tests/helpers/i18n-test';
import {
  filterMembers,
  MAX_RESULTS,
  MemberPicker,
  type MemberOption,
} from '#components/member-picker.tsx';

beforeAll(useSpanish);

const members: MemberOption[] = [
  { clave_socio: 12, full_name: 'María López Gómez', nombre_comunidad: 'Bachajón' },
  { clave_socio: 120, full_name: 'Juan Pérez Álvarez', nombre_comunidad: 'Chilón' },
  { clave_socio: 7, full_name: 'Petrona Gómez Cruz', nombre_comunidad: 'Sitalá' },
];

describe('filterMembers', () => {
  it('puts the exact key first, then keys that start with the digits', () => {
    expect(filterMembers(members, '12').map((m) => m.clave_socio)).toEqual([12, 120]);
  });

  it('matches every word of a name regardless of accents and case', () => {
    expect(filterMembers(members, 'gomez').map((m) => m.clave_socio)).toEqual([12, 7]);
    expect(filterMembers(members, 'juan alvarez').map((m) => m.clave_socio)).toEqual([120]);
    expect(filterMembers(members, 'sitala').map((m) => m.clave_socio)).toEqual([7]);
  });

  it('never returns more than MAX_RESULTS rows', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({
      clave_socio: i + 1,
      full_name: `Socio ${i + 1}`,
    }));
    expect(filterMembers(many, 'socio')).toHaveLength(MAX_RESULTS);
  });
});

describe('MemberPicker', () => {
  it('hands the chosen member to the caller', async () => {
    const onPick = vi.fn();
    render(<MemberPicker open members={members} onPick={onPick} onClose={() => undefined} />);
    await userEvent.type(screen.getByRole('searchbox'), 'petrona');
    await userEvent.click(screen.getByRole('button', { name: /Petrona/ }));
    expect(onPick).toHaveBeenCalledWith(members[2]);
  });

  it('says so when nothing matches', async () => {
    render(
      <MemberPicker open members={members} onPick={() => undefined} onClose={() => undefined} />,
    );
    await userEvent.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByText('No se encontró ningún socio')).toBeTruthy();
  });
});
