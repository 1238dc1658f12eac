/**
 * `POST /api/sync/push/` with the real write routes: payments, collections
 * and a member edit sent in one batch are answered exactly as the same calls sent one by one
 * on a second, identical app; a refusal blocks only its chain; a replayed batch (or one write
 * of it alone) gives the stored answers with one effect per write; each write keeps its own
 * permission check; a malformed batch is a 400 on its fields.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '#domain/dates';
import { PUSH_MAX_WRITES, type PushAnswer, type PushResult } from '#domain/sync-protocol';
import { acopios, pagos, socios, userContacts, users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { activeMember } from './acopios-movimientos-helpers.ts';
import { exactly } from '#tests/helpers/present';
import {
  insertContract,
  memberOfRegion,
  membersOfRegion,
  paymentBody,
  today,
} from './contratos-helpers.ts';

/** `batched` answers the batches; `single` gets the same writes one call at a time. */
let batched: TestApp;
let single: TestApp;

interface World {
  /** Contracts three months into their term: two in region 1, one in region 2. */
  loan1: number;
  loan2: number;
  loanOtherRegion: number;
  /** A region-1 member active in coffee (collections), another for the member edit. */
  grower: number;
  edited: number;
}
let world: World;

async function makeWorld(t: TestApp): Promise<World> {
  const [m1, m2, m3] = exactly(await membersOfRegion(t.db, 1, 3), 3, 'member of region 1');
  const other = await memberOfRegion(t.db, 2);
  const start = addMonths(today(), -3);
  return {
    loan1: await insertContract(t.db, { clave_socio: m1, fecha_inicio: start }),
    loan2: await insertContract(t.db, { clave_socio: m2, fecha_inicio: start }),
    loanOtherRegion: await insertContract(t.db, { clave_socio: other, fecha_inicio: start }),
    grower: await activeMember(t, 1, ['CF']),
    edited: m3,
  };
}

beforeAll(async () => {
  batched = await makeTestApp();
  single = await makeTestApp();
  world = await makeWorld(batched);
  // The demo seed is deterministic: both apps hold the same records under the same ids.
  expect(await makeWorld(single)).toEqual(world);
}, 240_000);
afterAll(async () => {
  await batched?.close();
  await single?.close();
});

let counter = 0;
const newKey = () => `batch-${Date.now()}-${++counter}`;
/** A capture time a day ago (whole seconds, as the phone sends it). */
const capturedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 86_400_000).toISOString();

interface Write {
  key: string;
  capturedAt?: string;
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  body?: unknown;
  chain?: string;
}

const payment = (loan: number, parts: { capital: string }, chain = `credito:${loan}`): Write => ({
  key: newKey(),
  capturedAt,
  method: 'POST',
  path: '/api/pagos/',
  body: paymentBody(loan, today(), parts),
  chain,
});

const futurePayment = (loan: number): Write => ({
  ...payment(loan, { capital: '10' }),
  body: paymentBody(loan, addDays(today(), 1), { capital: '10' }),
});

const collection = (clave: number): Write => ({
  key: newKey(),
  capturedAt,
  method: 'POST',
  path: '/api/acopios/',
  body: {
    clave_socio: clave,
    fecha: '2025-01-15',
    tipo_de_producto: 'CF',
    kilos_de_producto: '120.5',
    ingreso: '8435.75',
  },
  chain: `socio:${clave}`,
});

/** The member as the office reads it, with a new phone number: a whole-record PUT. */
async function memberEdit(t: TestApp, clave: number, telefono: string): Promise<Write> {
  const current = await t.as('gerente', { method: 'GET', url: `/api/socios/${clave}.json` });
  expect(current.statusCode).toBe(200);
  return {
    key: newKey(),
    capturedAt,
    method: 'PUT',
    path: `/api/socios/${clave}/`,
    body: { ...current.json<Record<string, unknown>>(), telefono },
    chain: `socio:${clave}`,
  };
}

const pushRaw = (t: TestApp, username: string, payload: unknown) =>
  t.as(username, {
    method: 'POST',
    url: '/api/sync/push/',
    headers: { 'accept-language': 'es', 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

async function push(t: TestApp, username: string, writes: Write[]): Promise<PushResult[]> {
  const res = await pushRaw(t, username, { writes });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const { results } = res.json<PushAnswer>();
  expect(results.map((r) => r.key)).toEqual(writes.map((w) => w.key));
  return results;
}

/** The write as its own call, with the headers the phone sends today. */
const call = (t: TestApp, username: string, write: Write) =>
  t.as(username, {
    method: write.method,
    url: write.path,
    headers: {
      'idempotency-key': write.key,
      'accept-language': 'es',
      ...(write.capturedAt !== undefined && { 'x-captured-at': write.capturedAt }),
      'content-type': 'application/json',
    },
    payload: JSON.stringify(write.body),
  });

/** Each write sent alone on the `single` app: its status and its body's exact text. */
async function answeredSingly(username: string, writes: Write[]) {
  const answers: { status: number; text: string }[] = [];
  for (const write of writes) {
    const res = await call(single, username, write);
    answers.push({ status: res.statusCode, text: res.body });
  }
  return answers;
}

const asSent = (results: PushResult[]) =>
  results.map((r) => ({ status: r.status, text: JSON.stringify(r.body) }));

async function paymentsOf(t: TestApp, loan: number): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(pagos).where(eq(pagos.credito, loan));
  return row!.n;
}

async function collectionsOf(t: TestApp, clave: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(acopios)
    .where(eq(acopios.clave_socio, clave));
  return row!.n;
}

async function phoneOf(t: TestApp, clave: number): Promise<string | null> {
  const [row] = await t.db
    .select({ telefono: socios.telefono })
    .from(socios)
    .where(eq(socios.clave_socio, clave));
  return row!.telefono;
}

describe('a batch of payments, collections and a member edit', () => {
  it('answers each write with the status and the exact text of its single call', async () => {
    const writes = [
      payment(world.loan1, { capital: '100' }),
      collection(world.grower),
      await memberEdit(batched, world.edited, '9190001111'),
      payment(world.loan2, { capital: '250.50' }),
      payment(world.loan1, { capital: '40' }),
    ];
    const results = await push(batched, 'coordinador', writes);
    expect(results.map((r) => r.status)).toEqual([201, 201, 200, 201, 201]);
    expect(asSent(results)).toEqual(await answeredSingly('coordinador', writes));
    // The effects are the single calls' too: the same rows on both apps.
    for (const t of [batched, single]) {
      expect(await phoneOf(t, world.edited)).toBe('9190001111');
    }
    expect(await paymentsOf(batched, world.loan1)).toBe(await paymentsOf(single, world.loan1));
    expect(await collectionsOf(batched, world.grower)).toBe(
      await collectionsOf(single, world.grower),
    );
  });

  it('replayed, answers the stored answers with exactly one effect per write', async () => {
    const writes = [
      payment(world.loan2, { capital: '10' }),
      collection(world.grower),
      futurePayment(world.loan1),
    ];
    const paymentsBefore = await paymentsOf(batched, world.loan2);
    const collectionsBefore = await collectionsOf(batched, world.grower);
    const first = await push(batched, 'promotor', writes);
    expect(first.map((r) => r.status)).toEqual([201, 201, 400]);
    const again = await push(batched, 'promotor', writes);
    expect(asSent(again)).toEqual(asSent(first));
    expect(await paymentsOf(batched, world.loan2)).toBe(paymentsBefore + 1);
    expect(await collectionsOf(batched, world.grower)).toBe(collectionsBefore + 1);

    // Any write alone, as its single call with its key: the stored answer, byte for byte.
    for (const [i, write] of writes.entries()) {
      const res = await call(batched, 'promotor', write);
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect({ status: res.statusCode, text: res.body }).toEqual(asSent(first)[i]);
    }
    expect(await paymentsOf(batched, world.loan2)).toBe(paymentsBefore + 1);

    // The same key with another body is the single call's 409, not a second payment.
    const reused = { ...writes[0]!, body: paymentBody(world.loan2, today(), { capital: '11' }) };
    const [conflict] = await push(batched, 'promotor', [reused]);
    expect(conflict!.status).toBe(409);
    expect(conflict!.body).toMatchObject({ code: 'idempotency_key_reuse' });
    expect(await paymentsOf(batched, world.loan2)).toBe(paymentsBefore + 1);
  });

  it('a key sent twice in one batch: one effect, the second answered as its replay', async () => {
    // Its key is unknown when the batch begins: the second finds it stored by the first.
    const write = payment(world.loan2, { capital: '10' }, 'credito-twice-a');
    const paymentsBefore = await paymentsOf(batched, world.loan2);
    const [first, second] = await push(batched, 'promotor', [
      write,
      { ...write, chain: 'credito-twice-b' },
    ]);
    expect(first!.status).toBe(201);
    expect(second!.replayed).toBe(true);
    expect(asSent([second!])).toEqual(asSent([first!]));
    expect(await paymentsOf(batched, world.loan2)).toBe(paymentsBefore + 1);
  });
});

describe("the caller's last contact", () => {
  const lastContact = async (userId: number) => {
    const [row] = await batched.db
      .select({ at: userContacts.last_seen_at })
      .from(userContacts)
      .where(eq(userContacts.user_id, userId));
    return row?.at.getTime() ?? null;
  };

  it('is written by a write that reaches its transaction, not by replays alone', async () => {
    const [promoter] = await batched.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'promotor'));
    const id = promoter!.id;
    const longAgo = new Date(Date.now() - 86_400_000);
    const writes = [payment(world.loan2, { capital: '1' }), collection(world.grower)];
    await push(batched, 'promotor', writes);

    // As their single calls: answered from their keys, they touch nothing.
    await batched.db
      .update(userContacts)
      .set({ last_seen_at: longAgo })
      .where(eq(userContacts.user_id, id));
    await push(batched, 'promotor', writes);
    expect(await lastContact(id)).toBe(longAgo.getTime());

    const before = Date.now();
    await push(batched, 'promotor', [...writes, payment(world.loan2, { capital: '1' })]);
    expect(await lastContact(id)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('a refused write in the middle', () => {
  it('leaves the others applied, blocks the rest of its chain, and other chains go on', async () => {
    const loan1Before = await paymentsOf(batched, world.loan1);
    const loan2Before = await paymentsOf(batched, world.loan2);
    const collectionsBefore = await collectionsOf(batched, world.grower);
    const accepted = payment(world.loan1, { capital: '5' });
    const refused = futurePayment(world.loan1);
    const behind = payment(world.loan1, { capital: '6' });
    const further = payment(world.loan1, { capital: '7' });
    const writes = [
      accepted,
      refused,
      behind,
      collection(world.grower),
      further,
      payment(world.loan2, { capital: '8' }),
    ];
    const results = await push(batched, 'promotor', writes);
    expect(results.map((r) => r.status)).toEqual([201, 400, 424, 201, 424, 201]);
    expect(results[1]!.body).toEqual({ fecha_pago: ['La fecha debe ser hoy o anterior a hoy'] });
    const blocked = {
      detail:
        'No se aplicó: un envío anterior del mismo registro fue rechazado. Corrija ese primero.',
      code: 'blocked',
      blocked_by: refused.key,
    };
    expect(results[2]!.body).toEqual(blocked);
    expect(results[4]!.body).toEqual(blocked);
    expect(await paymentsOf(batched, world.loan1)).toBe(loan1Before + 1);
    expect(await paymentsOf(batched, world.loan2)).toBe(loan2Before + 1);
    expect(await collectionsOf(batched, world.grower)).toBe(collectionsBefore + 1);

    // Blocked writes were not stored under their keys: sent once the refusal is dealt with,
    // they run (here in a batch of their own, which no refusal precedes).
    const later = await push(batched, 'promotor', [behind, further]);
    expect(later.map((r) => r.status)).toEqual([201, 201]);
    expect(await paymentsOf(batched, world.loan1)).toBe(loan1Before + 3);
  });

  it('a write without a chain blocks nothing', async () => {
    const { chain: _none, ...refused } = futurePayment(world.loan1);
    const { chain: _also, ...next } = payment(world.loan1, { capital: '3' });
    const results = await push(batched, 'promotor', [refused, next]);
    expect(results.map((r) => r.status)).toEqual([400, 201]);
  });
});

describe('permissions', () => {
  it("a promoter's write outside its scope is refused in the batch as it is singly", async () => {
    const writes = [
      payment(world.loanOtherRegion, { capital: '10' }),
      await memberEdit(batched, world.edited, '9190002222'),
      payment(world.loan2, { capital: '1' }),
    ];
    const before = await paymentsOf(batched, world.loanOtherRegion);
    const results = await push(batched, 'promotor', writes);
    expect(results.map((r) => r.status)).toEqual([400, 403, 201]);
    // The refusals as the single calls give them (the accepted payment's snapshot differs:
    // the other app has not had this file's earlier payments).
    expect(asSent(results.slice(0, 2))).toEqual(
      await answeredSingly('promotor', writes.slice(0, 2)),
    );
    expect(await paymentsOf(batched, world.loanOtherRegion)).toBe(before);
    expect(await phoneOf(batched, world.edited)).toBe('9190001111');
  });

  it('the batch carries no identity but its caller', async () => {
    const gerente = await batched.tokenFor('gerente');
    const edit = await memberEdit(batched, world.edited, '9190003333');
    const res = await pushRaw(batched, 'promotor', {
      writes: [{ ...edit, headers: { authorization: `Bearer ${gerente}` } }],
    });
    // A write's fields are the batch's own: one it does not know is refused, naming it, and
    // nothing of the batch runs (the phone then sends its writes singly).
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<object>())).toEqual(['writes.0.headers']);
    expect(await phoneOf(batched, world.edited)).toBe('9190001111');
  });

  it("a write that changes its caller is seen by the batch's next write, as singly", async () => {
    // The batch reads its caller once; granting the manager the translator flag must still
    // open the translation draft that follows it, and withdrawing it must close it.
    const [manager] = await batched.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'gerente'));
    const flag = (traductor: boolean): Write => ({
      key: newKey(),
      method: 'PUT',
      path: `/api/users/${manager!.id}/traductor/`,
      body: { traductor },
    });
    const draft = (texto: string): Write => ({
      key: newKey(),
      method: 'PUT',
      path: '/api/traducciones/tz/menu.home/',
      body: { texto },
    });
    const granted = await push(batched, 'gerente', [flag(true), draft('Sleb')]);
    expect(granted.map((r) => r.status)).toEqual([200, 200]);
    const withdrawn = await push(batched, 'gerente', [flag(false), draft('Sleb 2')]);
    expect(withdrawn.map((r) => r.status)).toEqual([200, 403]);
  });

  it('a visitor or a member cannot write through the batch', async () => {
    const before = await paymentsOf(batched, world.loan1);
    for (const username of ['visitante', 'socio']) {
      const res = await pushRaw(batched, username, {
        writes: [payment(world.loan1, { capital: '1' })],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toHaveProperty('detail');
    }
    expect(await paymentsOf(batched, world.loan1)).toBe(before);
  });
});

describe('a malformed batch', () => {
  const valid = () => payment(world.loan1, { capital: '1' });
  const cases: { label: string; payload: () => unknown; fields: string[] }[] = [
    { label: 'not an object', payload: () => ['hola'], fields: ['non_field_errors'] },
    { label: 'no writes', payload: () => ({}), fields: ['writes'] },
    { label: 'writes not a list', payload: () => ({ writes: 'x' }), fields: ['writes'] },
    { label: 'an empty list', payload: () => ({ writes: [] }), fields: ['writes'] },
    {
      label: 'a bad key',
      payload: () => ({ writes: [valid(), { ...valid(), key: 'x' }] }),
      fields: ['writes.1.key'],
    },
    {
      label: 'a method that is no write',
      payload: () => ({ writes: [{ ...valid(), method: 'DELETE' }] }),
      fields: ['writes.0.method'],
    },
    {
      label: 'a path that is no route',
      payload: () => ({ writes: [valid(), { ...valid(), path: '/api/pagos/1/recibo/' }] }),
      fields: ['writes.1.path'],
    },
    {
      label: 'a route without that method',
      payload: () => ({
        writes: [{ ...valid(), method: 'POST', path: `/api/socios/${world.edited}/` }],
      }),
      fields: ['writes.0.path'],
    },
    {
      label: 'a read, the login, the batch itself',
      payload: () => ({
        writes: [
          { ...valid(), path: '/api/sync/pull/' },
          { ...valid(), path: '/api/token/' },
          { ...valid(), path: '/api/sync/push/' },
        ],
      }),
      fields: ['writes.0.path', 'writes.1.path', 'writes.2.path'],
    },
    {
      label: `${PUSH_MAX_WRITES + 1} writes`,
      payload: () => ({ writes: Array.from({ length: PUSH_MAX_WRITES + 1 }, valid) }),
      fields: ['writes'],
    },
    {
      label: 'over the body limit',
      payload: () => ({ writes: [{ ...valid(), body: { nota: 'x'.repeat(1_100_000) } }] }),
      fields: ['non_field_errors'],
    },
  ];

  it.each(cases)('$label → 400 on its fields, nothing applied', async ({ payload, fields }) => {
    const before = await paymentsOf(batched, world.loan1);
    const res = await pushRaw(batched, 'promotor', payload());
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    expect(Object.keys(res.json<Record<string, string[]>>()).sort()).toEqual(fields);
    expect(await paymentsOf(batched, world.loan1)).toBe(before);
  });

  it(`${PUSH_MAX_WRITES} writes are taken`, async () => {
    const before = await paymentsOf(batched, world.loan1);
    const writes = Array.from({ length: PUSH_MAX_WRITES }, () =>
      payment(world.loan1, { capital: '1' }),
    );
    const results = await push(batched, 'promotor', writes);
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(await paymentsOf(batched, world.loan1)).toBe(before + PUSH_MAX_WRITES);
  }, 120_000);
});

describe('documentation', () => {
  it('the OpenAPI document states the limits and the statuses of its own', async () => {
    const res = await batched.as('gerente', { method: 'GET', url: '/api/docs/openapi.json' });
    const doc = res.json<{ paths: Record<string, { post?: { description?: string } }> }>();
    const push = Object.entries(doc.paths).find(([p]) => p.startsWith('/api/sync/push'));
    const description = push?.[1].post?.description ?? '';
    expect(description).toContain(`At most ${PUSH_MAX_WRITES} writes and 1024 KiB`);
    expect(description).toContain('424');
    expect(description).toContain('not_attempted');
  });
});
