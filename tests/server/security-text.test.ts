/**
 * Text PostgreSQL cannot store: a NUL character, or half of a UTF-16 surrogate pair
 * (not a character at all; the driver would silently store U+FFFD instead), in any text field
 * of any write is a 400 naming that field — never a 500 from the database — and nothing is
 * written. With an Idempotency-Key the rejection is stored like any other: the same request
 * again is replayed byte for byte, so a phone shows the field error instead of retrying.
 *
 * Bodies come from the matrix probes (security-probes.ts), sent by the manager on a record in
 * the right state, as in security-fuzz.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '#domain/sync-protocol';
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
import { dbFingerprint, isFieldErrorBody } from './security-routes.ts';
import { buildWorld, placesOf, type Caller, type World } from './security-world.ts';

type Body = Record<string, unknown>;

let t: TestApp;
let w: World;
let manager: Caller;

beforeAll(async () => {
  t = await makeTestApp({ limiter: new LoginLimiter({ perUser: 1e6, perIp: 1e6 }) });
  w = await buildWorld(t);
  manager = w.callers.find((c) => c.role === 'GE')!;
});
afterAll(async () => {
  await t.close();
});

// The batch push carries other writes' bodies, each checked by its own call (sync-push.test.ts).
// Writes whose body holds no text at all: a history entry's id, a flag.
const WITHOUT_TEXT = new Set([
  'POST /api/traducciones/:idioma/:clave/revertir',
  'PUT /api/users/:id/traductor',
]);
const WRITES = probes().filter(
  (p) =>
    /^(POST|PUT|PATCH) /.test(p.route) &&
    p.route !== 'POST /api/sync/push' &&
    !WITHOUT_TEXT.has(p.route),
);

/** Texts the database rejects or would change, each inside an otherwise ordinary value. */
const UNSTORABLE: { label: string; text: (valid: string) => string }[] = [
  { label: 'a NUL', text: (valid) => `${valid}\u0000x` },
  { label: 'a lone high surrogate', text: (valid) => `${valid}\ud800` },
  { label: 'a lone low surrogate', text: (valid) => `\udc00${valid}` },
];

type Sent = ProbeRequest & { payload: Body; sender: string };

/** A valid request, sent by the manager or, for a translator's write, the demo translator. */
async function validRequest(p: Probe): Promise<Sent> {
  const caller =
    p.orTranslator === true && callerScope(p, manager) === 'none'
      ? w.callers.find((c) => c.translator)!
      : manager;
  const target = p.record ? await targetFor(w, p, caller, placesOf(p.record.kind)[0]!) : null;
  const request = await p.build(w, caller, target);
  if (!request.payload) throw new Error(`${probeName(p)} builds no body`);
  return { ...request, payload: request.payload, sender: caller.username! };
}

function send(
  request: Sent,
  payload: Body,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.as(request.sender, {
    method: request.method,
    url: request.url,
    // JSON.stringify writes a lone surrogate as the escape \ud800: valid JSON, as a phone sends it.
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Every table but the key store (a keyed rejection is stored there on purpose). */
async function effects(): Promise<Record<string, string>> {
  const { idempotency_keys: _keys, ...rest } = await dbFingerprint(t);
  return rest;
}

function namesField(res: LightMyRequestResponse, field: string): boolean {
  if (res.statusCode !== 400) return false;
  const body: unknown = res.json();
  return (
    isFieldErrorBody(body) &&
    Object.keys(body as object).some((k) => k === field || k.startsWith(`${field}.`))
  );
}

describe('text the database cannot store: a 400 on the field, nothing written', () => {
  for (const p of WRITES) {
    it(probeName(p), async () => {
      const valid = await validRequest(p);
      const before = await effects();
      const problems: string[] = [];
      const texts = Object.entries(valid.payload).filter(([, v]) => typeof v === 'string');
      expect(texts.length, 'a probe body with no text field').toBeGreaterThan(0);

      for (const [field, value] of texts) {
        for (const bad of UNSTORABLE) {
          const payload = { ...valid.payload, [field]: bad.text(value as string) };
          const plain = await send(valid, payload);
          if (!namesField(plain, field))
            problems.push(`${field} with ${bad.label} → ${plain.statusCode} ${plain.body}`);
          if (p.public) continue;

          const key = { [IDEMPOTENCY_KEY_HEADER]: `txt-${randomUUID()}` };
          const first = await send(valid, payload, key);
          const again = await send(valid, payload, key);
          if (!namesField(first, field))
            problems.push(`${field} with ${bad.label}, keyed → ${first.statusCode} ${first.body}`);
          if (again.statusCode !== first.statusCode || again.body !== first.body)
            problems.push(`${field} with ${bad.label}: replay ${again.statusCode} ${again.body}`);
          else if (again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()] !== 'true')
            problems.push(`${field} with ${bad.label}: the retry was not a replay`);
        }
      }

      expect(problems).toEqual([]);
      expect(await effects()).toEqual(before);
      const ok = await send(valid, valid.payload);
      expect(ok.statusCode, ok.body.slice(0, 300)).toBe(p.ok);
    });
  }
});
