/**
 * Visit marks (docs/community-visit.md): `POST /api/visitas/` stores a promoter's mark once
 * under its Idempotency-Key (the same key again replays the first answer and adds no row), a
 * member outside the promoter's region is refused exactly like a member that does not exist,
 * a field the schema does not name is a 400 on that field, a promise needs its date, and the
 * office reads the member's marks.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/dates';
import type { VisitMarkRow } from '#domain/visit-shapes';
import { visitMarks } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { membersOf } from './acopios-movimientos-helpers.ts';
import { today } from './contratos-helpers.ts';

let t: TestApp;
let inRegion: number;
let outOfRegion: number;
let keyCounter = 0;
const newKey = (label: string) => `visit-${label}-${Date.now()}-${++keyCounter}`;

beforeAll(async () => {
  t = await makeTestApp();
  inRegion = (await membersOf(t, 1))[0]!.clave;
  outOfRegion = (await membersOf(t, 2))[0]!.clave;
});
afterAll(async () => {
  await t.close();
});

function post(payload: Record<string, unknown>, key: string, username = 'promotor') {
  return t.as(username, {
    method: 'POST',
    url: '/api/visitas/',
    payload,
    headers: { 'idempotency-key': key, 'x-captured-at': new Date().toISOString() },
  });
}

async function rowsOf(clave: number) {
  const [row] = await t.db
    .select({ n: count() })
    .from(visitMarks)
    .where(eq(visitMarks.clave_socio, clave));
  return row!.n;
}

describe('POST /visitas/', () => {
  it('stores a promise once under its key; the same key replays the first answer', async () => {
    const before = await rowsOf(inRegion);
    const promised = addDays(today(), 7);
    const body = {
      clave_socio: inRegion,
      fecha: today(),
      tipo: 'promesa',
      fecha_promesa: promised,
    };
    const key = newKey('promise');
    const first = await post(body, key);
    expect(first.statusCode, first.body).toBe(201);
    const mark = first.json<VisitMarkRow>();
    expect(mark).toMatchObject({
      clave_socio: inRegion,
      tipo: 'promesa',
      fecha: today(),
      fecha_promesa: promised,
    });
    const again = await post(body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<VisitMarkRow>().id).toBe(mark.id);
    expect(await rowsOf(inRegion)).toBe(before + 1);
  });

  it('drops a date sent with a mark that is not a promise', async () => {
    const res = await post(
      { clave_socio: inRegion, fecha: today(), tipo: 'ausente', fecha_promesa: today() },
      newKey('absent'),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<VisitMarkRow>()).toMatchObject({ tipo: 'ausente', fecha_promesa: null });
  });

  it('refuses a member outside the region exactly like one that does not exist', async () => {
    const before = await rowsOf(outOfRegion);
    const outside = await post(
      { clave_socio: outOfRegion, fecha: today(), tipo: 'visitado' },
      newKey('outside'),
    );
    const missing = await post(
      { clave_socio: 999_999, fecha: today(), tipo: 'visitado' },
      newKey('missing'),
    );
    expect(outside.statusCode).toBe(400);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(outside.json<Record<string, string[]>>())).toEqual(['clave_socio']);
    expect(outside.json<Record<string, string[]>>().clave_socio).toEqual([
      `No existe el socio ${outOfRegion}.`,
    ]);
    expect(missing.json<Record<string, string[]>>().clave_socio).toEqual([
      'No existe el socio 999999.',
    ]);
    expect(await rowsOf(outOfRegion)).toBe(before);
    // The coordinator reads every region: the same member is accepted.
    const office = await post(
      { clave_socio: outOfRegion, fecha: today(), tipo: 'visitado' },
      newKey('office'),
      'coordinador',
    );
    expect(office.statusCode, office.body).toBe(201);
  });

  it('answers 400 on an unknown field, a promise without its date and a bad kind', async () => {
    const unknown = await post(
      { clave_socio: inRegion, fecha: today(), tipo: 'visitado', monto: '10' },
      newKey('unknown'),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Record<string, string[]>>()).toHaveProperty('monto');
    const noDate = await post(
      { clave_socio: inRegion, fecha: today(), tipo: 'promesa' },
      newKey('nodate'),
    );
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json<Record<string, string[]>>().fecha_promesa).toEqual(['Campo requerido']);
    const past = await post(
      {
        clave_socio: inRegion,
        fecha: today(),
        tipo: 'promesa',
        fecha_promesa: addDays(today(), -1),
      },
      newKey('past'),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json<Record<string, string[]>>()).toHaveProperty('fecha_promesa');
    const kind = await post(
      { clave_socio: inRegion, fecha: today(), tipo: 'cobrado' },
      newKey('kind'),
    );
    expect(kind.statusCode).toBe(400);
    expect(kind.json<Record<string, string[]>>().tipo).toEqual(['Opción no válida']);
  });

  it('lets the office read a member’s marks, newest first; a visitor writes nothing', async () => {
    await post({ clave_socio: inRegion, fecha: today(), tipo: 'visitado' }, newKey('last'));
    const res = await t.as('coordinador', {
      method: 'GET',
      url: `/api/visitas/?clave_socio=${inRegion}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const marks = res.json<VisitMarkRow[]>();
    expect(marks.map((m) => m.tipo)).toEqual(['visitado', 'ausente', 'promesa']);
    expect(marks[0]!.nombre_promotor).not.toBe('');
    // A promoter of another region reads nothing of this member.
    const other = await t.as('promotor2', {
      method: 'GET',
      url: `/api/visitas/?clave_socio=${inRegion}`,
    });
    expect(other.statusCode).toBe(404);
    const visitor = await post(
      { clave_socio: inRegion, fecha: today(), tipo: 'visitado' },
      newKey('visitor'),
      'visitante',
    );
    expect(visitor.statusCode).toBe(403);
  });

  it('shows the office each mark in the field inbox, with its member', async () => {
    const key = newKey('inbox');
    const res = await post({ clave_socio: inRegion, fecha: today(), tipo: 'visitado' }, key);
    expect(res.statusCode, res.body).toBe(201);
    const inbox = await t.as('coordinador', {
      method: 'GET',
      url: '/api/bandeja/?tipo=visita.marca',
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const rows = inbox.json<{ results: { kind: string; clave_socio: number | null }[] }>().results;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.kind === 'visita.marca')).toBe(true);
    expect(rows[0]).toMatchObject({ kind: 'visita.marca', clave_socio: inRegion });
  });
});
