/**
 * A member's joining dates (docs/security.md, "Input rules"): the plausible range (1990 → the
 * cooperative's tomorrow) applies to a date that is new or changed, never to the one stored. An
 * imported member who joined before 1990 can still be completed and saved by the office.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '#domain/dates';
import { socios } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { memberIn, validMemberBody } from './members-helpers.ts';

let t: TestApp;
let clave: number;
beforeAll(async () => {
  t = await makeTestApp();
  clave = await memberIn(t, 1);
  // As the importer keeps it: joined in 1985, into the program in 1987.
  await t.db
    .update(socios)
    .set({ fecha_ingr_yomol_atel: '1985-03-01', fecha_ingr_programa: '1987-06-15' })
    .where(eq(socios.clave_socio, clave));
});
afterAll(async () => {
  await t.close();
});

async function current(): Promise<Record<string, unknown>> {
  const res = await t.as('gerente', { method: 'GET', url: `/api/socios/${clave}.json` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, unknown>>();
}

const put = (payload: Record<string, unknown>) =>
  t.as('gerente', { method: 'PUT', url: `/api/socios/${clave}.json`, payload });

async function stored() {
  const [row] = await t.db
    .select({
      telefono: socios.telefono,
      yomol: socios.fecha_ingr_yomol_atel,
      programa: socios.fecha_ingr_programa,
    })
    .from(socios)
    .where(eq(socios.clave_socio, clave));
  return row;
}

describe('joining dates before 1990, as imported', () => {
  it('the office completes the record: other fields change, the dates stay', async () => {
    const member = await current();
    expect(member.fecha_ingr_yomol_atel).toBe('1985-03-01');
    const res = await put({ ...member, telefono: '9197776655', doc_ine: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toEqual({
      telefono: '9197776655',
      yomol: '1985-03-01',
      programa: '1987-06-15',
    });
  });

  it('a changed date must fall in the range: 1950 is refused and nothing changes', async () => {
    const member = await current();
    const res = await put({
      ...member,
      telefono: '9190001122',
      fecha_ingr_yomol_atel: '1950-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      fecha_ingr_yomol_atel: ['La fecha no puede ser anterior al 1990-01-01'],
    });
    const future = addDays(todayIn(t.config.timezone), 2);
    const late = await put({ ...member, fecha_ingr_programa: future });
    expect(late.statusCode).toBe(400);
    expect(Object.keys(late.json<object>())).toEqual(['fecha_ingr_programa']);
    expect(await stored()).toMatchObject({ yomol: '1985-03-01', programa: '1987-06-15' });
  });

  it('a changed date inside the range is taken', async () => {
    const res = await put({ ...(await current()), fecha_ingr_programa: '1996-02-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toMatchObject({ yomol: '1985-03-01', programa: '1996-02-01' });
  });

  it('a new member has nothing stored: a 1985 joining date is refused', async () => {
    const body = { ...(await validMemberBody(t, 1)), fecha_ingr_yomol_atel: '1985-03-01' };
    const res = await t.as('gerente', { method: 'POST', url: '/api/socios/', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      fecha_ingr_yomol_atel: ['La fecha no puede ser anterior al 1990-01-01'],
    });
  });
});
