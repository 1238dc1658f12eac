/**
 * No existence oracle: a field naming a member answers a member outside the
 * caller's scope exactly as one that does not exist. The guarantor (`aval`) of a credit
 * request is such a field: a promoter names only members of its own region, and the answer
 * never carries the name (`aval_nombre`) of anyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { coffeeMembers, memberNotInCoffee, requestBody, setState } from './solicitudes-helpers.ts';

let t: TestApp;
let applicant: number;
let inRegion: number;
let otherRegion: number;
let inactiveApplicant: number;
/** A member key no row has. */
const UNKNOWN = 999_999;

beforeAll(async () => {
  t = await makeTestApp();
  [applicant, inRegion] = await coffeeMembers(t, 1, 2);
  [otherRegion] = await coffeeMembers(t, 2, 1);
  inactiveApplicant = await memberNotInCoffee(t, 1);
});
afterAll(async () => {
  await t.close();
});

/** The answer with the named key replaced, so two answers naming different keys compare. */
const masked = (body: string, clave: number) => body.replaceAll(String(clave), '<clave>');

const create = (body: Record<string, unknown>) =>
  t.as('promotor', { method: 'POST', url: '/api/solic-creditos/', payload: body });

describe('a promoter naming a guarantor', () => {
  it('of another region gets exactly the answer for an unknown member, and nothing is created', async () => {
    const elsewhere = await create(requestBody(applicant, otherRegion));
    const unknown = await create(requestBody(applicant, UNKNOWN));
    expect(unknown.statusCode).toBe(400);
    expect(elsewhere.statusCode, elsewhere.body).toBe(400);
    expect(masked(elsewhere.body, otherRegion)).toBe(masked(unknown.body, UNKNOWN));
    expect(elsewhere.body).not.toContain('aval_nombre');
  });

  it('with an applicant inactive in the process, the answers still cannot be told apart', async () => {
    const elsewhere = await create(requestBody(inactiveApplicant, otherRegion));
    const unknown = await create(requestBody(inactiveApplicant, UNKNOWN));
    expect(elsewhere.statusCode).toBe(400);
    expect(masked(elsewhere.body, otherRegion)).toBe(masked(unknown.body, UNKNOWN));
  });

  it('of its own region is accepted, with the guarantor named', async () => {
    const res = await create(requestBody(applicant, inRegion));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ aval: number; aval_nombre: string }>().aval).toBe(inRegion);
  });

  it('on a resubmission, another region is answered as an unknown member', async () => {
    const created = await create(requestBody(applicant, inRegion));
    expect(created.statusCode, created.body).toBe(201);
    const folio = created.json<{ folio_solicitud: number }>().folio_solicitud;
    await setState(t, folio, 'RE', 'RV');
    const resubmit = (aval: number) =>
      t.as('promotor', {
        method: 'PATCH',
        url: `/api/solic-creditos/${folio}.json`,
        payload: { estatus_solicitud: 'RV', chat: 'Cambia el aval', aval },
      });
    const elsewhere = await resubmit(otherRegion);
    const unknown = await resubmit(UNKNOWN);
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(masked(elsewhere.body, otherRegion)).toBe(masked(unknown.body, UNKNOWN));
  });
});

describe('the office', () => {
  it('names a guarantor of any region', async () => {
    const res = await t.as('gerente', {
      method: 'POST',
      url: '/api/solic-creditos/',
      payload: requestBody(applicant, otherRegion),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
