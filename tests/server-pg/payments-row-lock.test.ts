/**
 * The contract row lock of a payment (docs/business-rules.md#payments), on its own. Every HTTP
 * write also takes the global write-order lock (server/sync/write-order.ts), which alone serialises
 * two payments, so tests/server/pagos-concurrency.test.ts cannot tell whether the row lock works.
 * Here two transactions call the payment service directly, without the write-order lock: the
 * first pays and holds its transaction open; the second must wait on the contract row and, once
 * the first commits, see its payment. Only real PostgreSQL has concurrent transactions (PGlite
 * has one connection), hence tests/server-pg.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as z from 'zod';
import { addMonths } from '#domain/dates';
import { paymentSchema } from '#domain/forms/payment';
import { parseMessage } from '#domain/messages';
import { findAuthUser, type AuthUser } from '#server/auth/user-lookup';
import type { Db } from '#server/db/client';
import { contratos, pagos, users } from '#server/db/schema';
import { RuleError } from '#domain/rule-errors';
import { createPayment, type PaymentCreated } from '#server/services/payments';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { waitForLockWaiter } from './lock-waits.ts';
import {
  insertContract,
  memberOfRegion,
  paymentBody,
  today,
} from '#tests/server/contratos-helpers';

let t: TestApp;
let member: number;
let gerente: AuthUser;
let coordinador: AuthUser;

async function authUser(username: string): Promise<AuthUser> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const user = row && (await findAuthUser(t.db, row.id));
  if (!user) throw new Error(`no seeded user ${username}`);
  return user;
}

beforeAll(async () => {
  t = await makeTestApp();
  member = await memberOfRegion(t.db, 1);
  gerente = await authUser('gerente');
  coordinador = await authUser('coordinador');
});
afterAll(async () => {
  await t.close();
});

const pidRows = z.object({ rows: z.array(z.object({ pid: z.coerce.number() })).length(1) });

async function backendPid(tx: Db): Promise<number> {
  return pidRows.parse(await tx.execute(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;
}

type Outcome = { paid: PaymentCreated } | { refused: Record<string, unknown> };

async function pay(tx: Db, user: AuthUser, body: Record<string, unknown>): Promise<Outcome> {
  const values = paymentSchema().parse(body);
  const capture = { capturedAt: null, receivedAt: new Date() };
  try {
    return { paid: await createPayment(tx, user, values, capture) };
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    const decoded = Object.fromEntries(
      Object.entries(error.fields).map(([field, messages]) => [
        field,
        messages.map((m) => parseMessage(m)),
      ]),
    );
    return { refused: decoded };
  }
}

/**
 * The same payment twice: A inside an open transaction, then B in another one while A has not
 * committed; A commits only once B is seen waiting on a lock (or never does). Answers both
 * outcomes and the query B waited in.
 */
async function race(body: Record<string, unknown>) {
  let commitA!: () => void;
  const aMayCommit = new Promise<void>((resolve) => (commitA = resolve));
  let aPaid!: () => void;
  const aHasPaid = new Promise<void>((resolve) => (aPaid = resolve));
  const first = t.db.transaction(async (tx) => {
    const outcome = await pay(tx, gerente, body).finally(aPaid);
    await aMayCommit;
    return outcome;
  });
  await aHasPaid;
  let pidB!: (pid: number) => void;
  const bPid = new Promise<number>((resolve) => (pidB = resolve));
  const second = t.db.transaction(async (tx) => {
    pidB(await backendPid(tx));
    return pay(tx, coordinador, body);
  });
  const waitedIn = await waitForLockWaiter(t.db, sql`l.pid = ${await bPid}`);
  commitA();
  return { a: await first, b: await second, waitedIn };
}

describe('the contract row lock, without the write-order lock', () => {
  it('a second payment waits for the first and is refused for the debt that is left', async () => {
    // 10,000.00 capital, 600.00 interest owed today.
    const id = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -3),
    });
    const body = paymentBody(id, today(), { capital: '6000' });
    const { a, b, waitedIn } = await race(body);

    // B waited on the contract row itself, before reading the debt.
    expect(waitedIn ?? 'the second payment never waited').toMatch(/\bfor update of "contratos"/i);
    expect(a).toMatchObject({ paid: { abono_capital: '6000.00' } });
    expect(b).toEqual({
      refused: {
        cantidad: [
          {
            key: 'server.credits.exceedsTotal',
            params: { cantidad: '$6,000.00', deuda: '$4,600.00' },
          },
        ],
        abono_capital: [
          {
            key: 'server.credits.exceedsCapital',
            params: { cantidad: '$6,000.00', deuda: '$4,000.00' },
          },
        ],
      },
    });
    const stored = await t.db.select().from(pagos).where(eq(pagos.credito, id));
    expect(stored).toHaveLength(1);
  });

  it('two payments of the whole debt: the second sees the contract settled', async () => {
    const id = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -3),
    });
    const body = paymentBody(id, today(), { capital: '10000', ord: '600' });
    const { a, b, waitedIn } = await race(body);

    expect(waitedIn ?? 'the second payment never waited').toMatch(/\bfor update of "contratos"/i);
    expect(a).toMatchObject({ paid: { estatus_nuevo: 'PA' } });
    expect(b).toEqual({
      refused: {
        credito: [{ key: 'server.credits.notPending', params: { id, estatus: 'PA' } }],
      },
    });
    const [contract] = await t.db.select().from(contratos).where(eq(contratos.id, id));
    expect(contract).toMatchObject({ estatus: 'PA', fecha_final: today() });
    expect(await t.db.select().from(pagos).where(eq(pagos.credito, id))).toHaveLength(1);
  });
});
