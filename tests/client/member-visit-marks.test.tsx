/**
 * A member's visit marks in its detail: online, the server's marks newest first with the day,
 * what was marked (a promise with its date), the community and who marked it; none, a plain
 * line; offline, a note that they are read from the server — and no request; a member (SO)
 * viewing its own record sees no section and asks nothing. API faked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { clearSession, patchSession } from '#api/session-store';
import { MemberVisitMarks } from '#features/socios/member-visit-marks.tsx';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch, json } from './api-fake-fetch';
import { setOnline } from './sync-fixtures';

const mark = (id: number, over: Record<string, unknown>) => ({
  id,
  clave_socio: 41,
  nombre_socio: 'Juana López Pérez',
  comunidad: 7,
  nombre_comunidad: 'Bachajón',
  tipo: 'visitado',
  fecha: '2025-03-05',
  fecha_promesa: null,
  promotor: 3,
  nombre_promotor: 'Antonia Deara',
  capturado_en: '2025-03-05T16:00:00.000Z',
  recibido_en: '2025-03-05T18:00:00.000Z',
  ...over,
});

beforeEach(async () => {
  await useSpanish();
  setOnline(true);
  patchSession({ role: 'CO' });
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a member's visit marks", () => {
  it('lists the server’s marks: day, mark, community and promoter', async () => {
    const api = installFakeFetch({
      'GET /api/visitas/': () =>
        json([
          mark(9, { tipo: 'promesa', fecha: '2025-03-12', fecha_promesa: '2025-03-20' }),
          mark(8, { tipo: 'ausente', fecha: '2025-02-10' }),
        ]),
    });
    render(<MemberVisitMarks clave={41} />);
    const promise = await screen.findByTestId('member-visit-mark-9');
    expect(promise.textContent).toBe(
      '12 mar 2025 Pagará el 20 mar 2025 en Bachajón, por Antonia Deara',
    );
    expect(screen.getByTestId('member-visit-mark-8').textContent).toBe(
      '10 feb 2025 No vino en Bachajón, por Antonia Deara',
    );
    expect(api.seen.map((r) => r.path)).toContain('/api/visitas/?clave_socio=41');
    const section = screen.getByTestId('member-visit-marks');
    expect(within(section).getByRole('heading').textContent).toBe('Marcas de visita');
  });

  it('none: a plain line', async () => {
    installFakeFetch({ 'GET /api/visitas/': () => json([]) });
    render(<MemberVisitMarks clave={41} />);
    expect(await screen.findByText('Sin marcas de visita.')).toBeTruthy();
  });

  it('offline: read from the server, so a note and no request', () => {
    setOnline(false);
    const api = installFakeFetch({ 'GET /api/visitas/': () => json([]) });
    render(<MemberVisitMarks clave={41} />);
    expect(
      screen.getByText('Sin conexión: las marcas de visita se consultan en el servidor.'),
    ).toBeTruthy();
    expect(api.seen).toEqual([]);
  });

  it('a member viewing its own record: no section, no request', async () => {
    patchSession({ role: 'SO' });
    const api = installFakeFetch({ 'GET /api/visitas/': () => json([]) });
    render(
      <>
        <MemberVisitMarks clave={41} />
        <p>después</p>
      </>,
    );
    expect(await screen.findByText('después')).toBeTruthy();
    expect(screen.queryByTestId('member-visit-marks')).toBeNull();
    expect(api.seen).toEqual([]);
  });
});
