/**
 * Malformed input on EVERY write route (POST/PUT/PATCH) the server registers: whole
 * bodies that are not the call's object at all (broken JSON, wrong content type, arrays,
 * scalars, poisoned prototypes, deep nesting, over the size limit), each field of a valid body
 * broken on its own by the kind of value it holds (nested garbage, huge strings, impossible
 * dates, negative / NaN / overflowing numbers, unknown codes), and a fast-check property with
 * random values in random fields of a body kept invalid by one known breakage. Always a 400 in
 * the API's field-error shape, never a 5xx, and nothing written; the intact body is then
 * accepted, so every rejection was the breakage's doing.
 *
 * Bodies come from the matrix probes (security-probes.ts), sent by the manager, who may do
 * every write but the translator's (sent by the demo translator),
 * every write, on a record in the right state.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { LoginLimiter } from '#server/auth/login-limiter';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import {
  callerScope,
  probeName,
  probes,
  targetFor,
  type Probe,
  type ProbeRequest,
} from './security-probes.ts';
import { apiRoutes, dbFingerprint, isDetailBody, isFieldErrorBody } from './security-routes.ts';
import { buildWorld, placesOf, type Caller, type World } from './security-world.ts';

type Body = Record<string, unknown>;

let t: TestApp;
let w: World;
let manager: Caller;
let translator: Caller;

beforeAll(async () => {
  // Refused logins must not lock the manager out halfway through (flooding has its own test).
  t = await makeTestApp({ limiter: new LoginLimiter({ perUser: 1e6, perIp: 1e6 }) });
  w = await buildWorld(t);
  manager = w.callers.find((c) => c.role === 'GE')!;
  translator = w.callers.find((c) => c.translator)!;
});
afterAll(async () => {
  await t.close();
});

const WRITES = probes().filter((p) => /^(POST|PUT|PATCH) /.test(p.route));

/** A valid request and who sends it. */
type Sent = ProbeRequest & { payload: Body; sender: string };

/** A probe's request with a valid body, on a fresh record in the right state. */
async function validRequest(p: Probe): Promise<Sent> {
  const caller =
    p.orTranslator === true && callerScope(p, manager) === 'none' ? translator : manager;
  const target = p.record ? await targetFor(w, p, caller, placesOf(p.record.kind)[0]!) : null;
  const request = await p.build(w, caller, target);
  if (!request.payload) throw new Error(`${probeName(p)} builds no body`);
  return { ...request, payload: request.payload, sender: caller.username! };
}

function send(
  request: Sent,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const raw = typeof payload === 'string';
  return t.as(request.sender, {
    method: request.method,
    url: request.url,
    payload: raw ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The JSON of an answer, or undefined when it is not JSON. */
function jsonOf(res: LightMyRequestResponse): unknown {
  try {
    return res.json();
  } catch {
    return undefined;
  }
}

/**
 * What is wrong with a rejection: null when it is a 400 in the field-error shape (naming
 * `field` when given, or the field it is answered on), or one of the probe's other refusals
 * with a {detail} body.
 */
function rejectionProblem(p: Probe, res: LightMyRequestResponse, field?: string): string | null {
  const body = jsonOf(res);
  const shown = `${res.statusCode}: ${res.body.slice(0, 160)}`;
  if (p.fuzz?.alsoRefusedAs?.includes(res.statusCode))
    return isDetailBody(body) ? null : `${shown} without a {detail} body`;
  if (res.statusCode !== 400) return shown;
  if (!isFieldErrorBody(body)) return `400 not in the field-error shape: ${shown}`;
  if (field === undefined) return null;
  const named = p.fuzz?.selectors?.includes(field)
    ? 'non_field_errors'
    : (p.fuzz?.aliases?.[field] ?? field);
  const keys = Object.keys(body as object);
  return keys.some((k) => k === named || k === field || k.startsWith(`${field}.`))
    ? null
    : `400 not naming ${named}: ${shown}`;
}

const anchored = (p: Probe, body: Body): Body => {
  const anchor = p.anchor!;
  if ('drop' in anchor) {
    const { [anchor.drop]: _dropped, ...rest } = body;
    return rest;
  }
  return { ...body, ...anchor.set };
};

// ---------------------------------------------------------------- generated breakage

const NESTED = { $ne: null, nested: { deeper: [{ $gt: '' }, [[]]] } };
const GARBAGE_LIST = [['x'], { a: 1 }, null];
const HUGE = 'Ω'.repeat(70_000);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Amounts, counts and ids (long digit strings — phones, CURP digits — are texts). */
const NUMERIC = /^\d{1,7}(\.\d+)?$/;
const CODE = /^[A-Z]{2}$/;

const BAD_DATES = ['2026-02-30', '2025-13-01', '0000-00-00', '2025-2-3', '31/12/2025', 20250101];
/** 10^15 passes as a safe integer but fits no id column and exceeds every amount. */
const BAD_NUMBERS = [
  -1,
  '-0.01',
  'NaN',
  'Infinity',
  '12abc',
  1e15,
  '1000000000000000.5',
  1e21,
  '1,5',
];
const BAD_BOOLEANS = ['quizá', 2, 'sí sí'];

/**
 * Values that make a field invalid, chosen by the kind of value it validly holds. Garbage that
 * fits no kind (an object, a list, a huge text) is one parse path for every field, so a typed
 * field gets one of them in turn (`nth`) and a text field all three.
 */
function breakagesOf(value: unknown, nth: number): unknown[] {
  const common = [NESTED, GARBAGE_LIST, HUGE];
  const one = [common[nth % common.length]];
  if (typeof value === 'boolean') return [...one, ...BAD_BOOLEANS];
  if (Array.isArray(value)) return [...one, 'x', [-1], [{}], [1.5]];
  if (typeof value === 'string' && ISO_DATE.test(value)) return [...one, ...BAD_DATES];
  if (typeof value === 'number' || (typeof value === 'string' && NUMERIC.test(value)))
    return [...one, ...BAD_NUMBERS];
  if (typeof value === 'string' && CODE.test(value)) return [...one, 'ZZ', 7];
  return common;
}

/** Whole bodies that are not the call's JSON object. */
const RAW_BODIES: { label: string; payload: string; type?: string }[] = [
  { label: 'null', payload: 'null' },
  { label: 'an empty array', payload: '[]' },
  { label: 'a string', payload: '"hola"' },
  { label: 'a number', payload: '42' },
  { label: 'an empty object', payload: '{}' },
  { label: 'broken JSON', payload: '{"a": ' },
  { label: 'JSON with a trailing comma', payload: '{"a": 1,}' },
  { label: 'prototype poisoning', payload: '{"__proto__": {"role": "GE"}}' },
  { label: 'constructor poisoning', payload: '{"constructor": {"prototype": {"x": 1}}}' },
  { label: 'deep nesting', payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}` },
  { label: 'an empty body', payload: '' },
  { label: 'form encoding', payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { label: 'plain text', payload: 'hola', type: 'text/plain' },
  { label: 'XML', payload: '<a>1</a>', type: 'application/xml' },
  { label: 'over the size limit', payload: JSON.stringify({ x: 'x'.repeat(1_100_000) }) },
];

/** Random values a careless or hostile caller could send, numbers as strings included. */
const randomValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(...BAD_DATES, ...BAD_NUMBERS, ...BAD_BOOLEANS, '', ' ', '0', '-0', '1e3'),
  fc.integer().map(String),
  fc.double().map(String),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

describe('every write route is fuzzed', () => {
  it('each POST/PUT/PATCH the server registers has a probe with a valid body and a known breakage', () => {
    const writes = apiRoutes(t.app).filter((r) => /^(POST|PUT|PATCH) /.test(r));
    expect(writes.filter((r) => !WRITES.some((p) => p.route === r))).toEqual([]);
    expect(WRITES.filter((p) => !p.anchor).map(probeName)).toEqual([]);
  });
});

describe('malformed input: 400 in the field-error shape, never a 5xx, nothing written', () => {
  for (const p of WRITES) {
    it(probeName(p), async () => {
      const valid = await validRequest(p);
      const before = await dbFingerprint(t);
      const problems: string[] = [];
      const check = (label: string, res: LightMyRequestResponse, field?: string) => {
        const problem = rejectionProblem(p, res, field);
        if (problem) problems.push(`${label} → ${problem}`);
      };

      for (const raw of RAW_BODIES) {
        const res = await send(valid, raw.payload, raw.type ? { 'content-type': raw.type } : {});
        // A PATCH of optional fields takes {} as "change nothing" (checked: nothing written).
        if (raw.payload === '{}' && p.fuzz?.partial) {
          if (res.statusCode !== p.ok) problems.push(`{} on a partial PATCH → ${res.statusCode}`);
        } else check(raw.label, res);
      }
      check('the body inside an array', await send(valid, [valid.payload]));
      check('the known breakage', await send(valid, anchored(p, valid.payload)));

      for (const [nth, [field, value]] of Object.entries(valid.payload).entries()) {
        for (const broken of breakagesOf(value, nth)) {
          const res = await send(valid, { ...valid.payload, [field]: broken });
          const shown =
            typeof broken === 'string' && broken.length > 40
              ? `${broken.length} chars`
              : JSON.stringify(broken);
          check(`${field} = ${shown}`, res, field);
        }
      }

      const fields = Object.keys(valid.payload);
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...fields), randomValue, { minKeys: 1, maxKeys: 3 }),
          async (changes) => {
            const res = await send(valid, anchored(p, { ...valid.payload, ...changes }));
            expect(rejectionProblem(p, res), JSON.stringify(changes).slice(0, 300)).toBeNull();
          },
        ),
        { numRuns: 10 },
      );

      expect(problems).toEqual([]);
      expect(await dbFingerprint(t)).toEqual(before);
      // The intact body goes through: each rejection above was the breakage's doing.
      const ok = await send(valid, valid.payload);
      expect(ok.statusCode, ok.body.slice(0, 300)).toBe(p.ok);
    });
  }
});
