/**
 * Hundreds of malformed bodies for POST/PUT socios and comunidades, generated from a valid body
 * by breaking one field at a time (wrong types, missing, null, arrays, objects, huge strings,
 * unknown references, impossible and future dates, wrong codes, extra keys), plus whole-body
 * breakage and a random property: always a 400 with field errors naming the broken field,
 * never a 5xx, and nothing written.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import {
  communityIn,
  isFieldErrorBody,
  memberIn,
  tablesFingerprint,
  validMemberBody,
} from './members-helpers.ts';

type Body = Record<string, unknown>;
/** A broken body and the field the answer must name. */
interface Case {
  label: string;
  body: Body;
  field: string;
}

let t: TestApp;
let member: Body;
let memberKey: number;
beforeAll(async () => {
  t = await makeTestApp();
  member = await validMemberBody(t, 1);
  memberKey = await memberIn(t, 1);
});
afterAll(async () => {
  await t.close();
});

const MISSING = Symbol('missing');
const HUGE = 'x'.repeat(20_000);
const WRONG_TYPES: unknown[] = [{}, [], { a: 1 }, [1, 2]];
const BAD_IDS: unknown[] = [0, -1, 1.5, 'abc', '1e3', true, 2 ** 53 + 2, ...WRONG_TYPES];
const REQUIRED: unknown[] = [MISSING, null, '', '   '];
const BAD_DATES: unknown[] = [
  '2020-02-30',
  '2021-13-01',
  '31/12/2020',
  '2020-1-1',
  'ayer',
  20200101,
  true,
  ...WRONG_TYPES,
];
const FUTURE = ['2999-01-01', '2100-12-31'];
const BAD_STATUS: unknown[] = ['XX', 'ac', 'A C', 1, true, ...WRONG_TYPES];

/** Per member field, values that must be refused (each alone makes the body invalid). */
const MEMBER_BREAKAGE: Record<string, unknown[]> = {
  nombres: [...REQUIRED, 'x'.repeat(256), HUGE, true, ...WRONG_TYPES],
  apellido_paterno: [...REQUIRED, 'x'.repeat(256), HUGE, ...WRONG_TYPES],
  apellido_materno: ['x'.repeat(256), HUGE, false, ...WRONG_TYPES],
  curp: ['ABC', 'x'.repeat(19), 'HEGM900115MCSRMR-9', 'HEGM 00115MCSRMR09', ...WRONG_TYPES],
  telefono: ['123', '12345abcde', '9'.repeat(21), -1234567890, '919-123-4567', ...WRONG_TYPES],
  clave_anterior: ['x'.repeat(12), HUGE, ...WRONG_TYPES],
  fecha_nacimiento: [...REQUIRED, ...BAD_DATES, ...FUTURE],
  fecha_ingr_yomol_atel: [...REQUIRED, ...BAD_DATES, ...FUTURE],
  fecha_ingr_programa: [...REQUIRED, ...BAD_DATES],
  genero: [...REQUIRED, 'XX', 'ma', 'F', 1, ...WRONG_TYPES],
  estatus_cafe: [...REQUIRED, ...BAD_STATUS],
  estatus_miel: [...REQUIRED, ...BAD_STATUS],
  estatus_yip: [...REQUIRED, ...BAD_STATUS],
  estatus_trabajador: [...REQUIRED, ...BAD_STATUS],
  estatus_comonSit: [...REQUIRED, ...BAD_STATUS],
  comunidad: [...REQUIRED, ...BAD_IDS, 99_999, 2_147_483_648],
  cargo: [...REQUIRED, ...BAD_IDS, 99_999, 2_147_483_648],
  cargo_coop: [MISSING, null, [], [0], ['x'], [{}], [null], [99_999], [1, 99_998], 'abc', {}],
  empresa: [...BAD_IDS, 99_999, 2_147_483_648],
  puesto: [...BAD_IDS, 99_999],
  fuente: [...BAD_IDS, 99_999],
  region: [0, -3, 'abc', 1.5, ...WRONG_TYPES, 2],
  clave_socio: ['abc', -1, 0, 1.5, ...WRONG_TYPES],
  doc_curp: ['yes', 2, -1, ...WRONG_TYPES],
  doc_domicilio: ['si', 3, ...WRONG_TYPES],
  doc_act_nac: ['no', ...WRONG_TYPES],
  doc_ine: ['verdadero', ...WRONG_TYPES],
  doc_rfc: ['x', ...WRONG_TYPES],
};

/** `region: 2` with a region-1 community is refused on comunidad, not on region. */
const fieldNamed = (field: string, value: unknown) =>
  field === 'region' && value === 2 ? 'comunidad' : field;

/** A copy of `body` without `field`. */
const without = (body: Body, field: string): Body =>
  Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));

function brokenOne(base: Body, breakage: Record<string, unknown[]>): Case[] {
  const cases: Case[] = [];
  for (const [field, values] of Object.entries(breakage)) {
    for (const value of values) {
      const body = value === MISSING ? without(base, field) : { ...base, [field]: value };
      const shown = value === MISSING ? 'missing' : JSON.stringify(value).slice(0, 30);
      cases.push({ label: `${field} = ${shown}`, body, field: fieldNamed(field, value) });
    }
  }
  return cases;
}

const EXTRA_KEYS: Case[] = [
  { label: 'unknown key', body: { extra: 1 }, field: 'extra' },
  { label: 'stored column name', body: { estatus_comon_sit: 'AC' }, field: 'estatus_comon_sit' },
  { label: 'capture stamp', body: { capturado_en: '2020-01-01T00:00:00Z' }, field: 'capturado_en' },
  { label: 'row version', body: { row_version: 1 }, field: 'row_version' },
  { label: 'empty key', body: { '': 'x' }, field: '' },
];

function memberCases(): Case[] {
  return [
    ...brokenOne(member, MEMBER_BREAKAGE),
    ...EXTRA_KEYS.map((c) => ({ ...c, body: { ...member, ...c.body } })),
  ];
}

const COMMUNITY_BREAKAGE: Record<string, unknown[]> = {
  nombre_de_comunidad: [...REQUIRED, 'x'.repeat(256), HUGE, true, false, ...WRONG_TYPES],
  region: [...REQUIRED, ...BAD_IDS, 11, 99_999, 2_147_483_648],
  ermita: [...BAD_IDS, 99_999, 2_147_483_648],
};

function communityCases(): Case[] {
  const base = { nombre_de_comunidad: 'Jol Ja’', region: 2, ermita: null };
  return [
    ...brokenOne(base, COMMUNITY_BREAKAGE),
    ...EXTRA_KEYS.map((c) => ({ ...c, body: { ...base, ...c.body } })),
  ];
}

async function expectRejected(method: 'POST' | 'PUT', url: string, c: Case): Promise<void> {
  const res = await t.as('gerente', { method, url, payload: c.body });
  expect(res.statusCode, `${method} ${url} ${c.label}: ${res.body.slice(0, 200)}`).toBe(400);
  const answer = res.json<Record<string, string[]>>();
  expect(isFieldErrorBody(answer), c.label).toBe(true);
  expect(Object.keys(answer), c.label).toContain(c.field);
}

describe('malformed member bodies', () => {
  it('there are a few hundred generated cases', () => {
    expect(memberCases().length).toBeGreaterThan(250);
  });

  it('POST /socios/: every one is a 400 naming the field, nothing written', async () => {
    const before = await tablesFingerprint(t);
    for (const c of memberCases()) await expectRejected('POST', '/api/socios/', c);
    expect(await tablesFingerprint(t)).toBe(before);
  });

  it('PUT /socios/{id}.json: every one is a 400 naming the field, the member unchanged', async () => {
    const url = `/api/socios/${memberKey}.json`;
    const current = await t.as('gerente', { method: 'GET', url });
    const before = await tablesFingerprint(t);
    for (const c of memberCases()) await expectRejected('PUT', url, c);
    expect(await tablesFingerprint(t)).toBe(before);
    expect((await t.as('gerente', { method: 'GET', url })).body).toBe(current.body);
  });
});

describe('malformed community bodies', () => {
  it('POST and PUT /comunidades: every one is a 400 naming the field, nothing written', async () => {
    const url = `/api/comunidades/${await communityIn(t, 4)}.json`;
    const before = await tablesFingerprint(t);
    const cases = communityCases();
    expect(cases.length).toBeGreaterThan(40);
    for (const c of cases) {
      await expectRejected('POST', '/api/comunidades/', c);
      await expectRejected('PUT', url, c);
    }
    expect(await tablesFingerprint(t)).toBe(before);
  });
});

describe('bodies that are not a member at all', () => {
  const RAW: { label: string; payload: string; type?: string }[] = [
    { label: 'null', payload: 'null' },
    { label: 'array', payload: '[]' },
    { label: 'array of a member', payload: '[{"nombres":"x"}]' },
    { label: 'string', payload: '"socio"' },
    { label: 'number', payload: '42' },
    { label: 'empty object', payload: '{}' },
    { label: 'broken JSON', payload: '{"nombres": ' },
    { label: 'prototype poisoning', payload: '{"__proto__": {"admin": true}}' },
    { label: 'constructor poisoning', payload: '{"constructor": {"prototype": {"x": 1}}}' },
    { label: 'empty body', payload: '' },
    { label: 'form encoding', payload: 'nombres=x', type: 'application/x-www-form-urlencoded' },
    { label: 'plain text', payload: 'hola', type: 'text/plain' },
  ];

  it('each is a 400 with the API error shape, on every write of the area', async () => {
    const before = await tablesFingerprint(t);
    const targets: ['POST' | 'PUT', string][] = [
      ['POST', '/api/socios/'],
      ['PUT', `/api/socios/${memberKey}.json`],
      ['POST', '/api/comunidades/'],
      ['PUT', `/api/comunidades/${await communityIn(t, 1)}.json`],
    ];
    for (const [method, url] of targets) {
      for (const raw of RAW) {
        const res = await t.as('coordinador', {
          method,
          url,
          payload: raw.payload,
          headers: { 'content-type': raw.type ?? 'application/json' },
        });
        expect(res.statusCode, `${method} ${url} ${raw.label}: ${res.body}`).toBe(400);
        expect(isFieldErrorBody(res.json()), raw.label).toBe(true);
      }
    }
    expect(await tablesFingerprint(t)).toBe(before);
  });
});

describe('random breakage (property)', () => {
  it('any JSON value in any member field, with a required field missing: 400, never 5xx', async () => {
    const fields = Object.keys(MEMBER_BREAKAGE);
    const required = ['nombres', 'apellido_paterno', 'fecha_nacimiento', 'comunidad', 'cargo'];
    const before = await tablesFingerprint(t);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fields),
        fc.jsonValue(),
        fc.constantFrom(...required),
        async (field, value, dropped) => {
          const body = without({ ...member, [field]: value }, dropped);
          const res = await t.as('gerente', { method: 'POST', url: '/api/socios/', payload: body });
          expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
          expect(isFieldErrorBody(res.json())).toBe(true);
        },
      ),
      { numRuns: 120 },
    );
    expect(await tablesFingerprint(t)).toBe(before);
  });
});
