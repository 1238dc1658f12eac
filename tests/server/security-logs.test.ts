/**
 * No secret or personal data in the server's log. The real app logs at its most
 * verbose level into a buffer while a working day goes by: logging in (wrong and right
 * password), renewing the session, the office creating a member, a payment, a profile change,
 * and a member the database refuses for a reason nobody foresaw (a 500, logged with its
 * error). The log must show those requests and that error — so the capture works and stays
 * useful — but never the password, a token, the JWT secret, a CURP or a phone number.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '#server/app';
import { loggableError } from '#server/http/loggable-error';
import { DEMO_PASSWORD, makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { insertContract, memberOfRegion, paymentBody, today } from './contratos-helpers.ts';
import { validMemberBody } from './members-helpers.ts';

const CURP = 'ROLS850312MCSDPN07';
const PHONE = '9197654321';
const NEW_PHONE = '9612223344';
const WRONG_PASSWORD = 'contraseña-equivocada';

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
/** Everything that must not reach the log, by name. */
const secrets: Record<string, string> = {
  password: DEMO_PASSWORD,
  'wrong password': WRONG_PASSWORD,
  CURP,
  phone: PHONE,
  'profile phone': NEW_PHONE,
};
const statuses: number[] = [];

async function call(options: InjectOptions, token?: string) {
  const res = await app.inject({
    ...options,
    headers: { ...options.headers, ...(token && { authorization: `Bearer ${token}` }) },
  });
  statuses.push(res.statusCode);
  return res;
}

/** The day: each call as the app would make it. */
async function workingDay(): Promise<void> {
  await call({
    method: 'POST',
    url: '/api/token/',
    payload: { username: 'promotor', password: WRONG_PASSWORD },
  });
  const login = await call({
    method: 'POST',
    url: '/api/token/',
    payload: { username: 'gerente', password: DEMO_PASSWORD },
  });
  const { access, refresh } = login.json<{ access: string; refresh: string }>();
  const renewed = await call({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
  Object.assign(secrets, {
    access,
    refresh,
    'renewed access': renewed.json<{ access: string }>().access,
    'JWT secret': t.config.jwtSecret,
  });

  const member = { ...(await validMemberBody(t, 1)), curp: CURP, telefono: PHONE };
  await call({ method: 'POST', url: '/api/socios/', payload: member }, access);

  const clave = await memberOfRegion(t.db, 1);
  const contract = await insertContract(t.db, { clave_socio: clave, fecha_inicio: '2025-01-10' });
  await call(
    {
      method: 'POST',
      url: '/api/pagos/',
      payload: paymentBody(contract, today(), { capital: '250' }),
      headers: { 'Idempotency-Key': '2b0e8c1e-4b52-4a38-9a7c-1f6d2f0f9a11' },
    },
    access,
  );
  await call({ method: 'PATCH', url: '/api/users/me.json', payload: { phone: NEW_PHONE } }, access);

  // Something nobody planned for: the database refuses every new member.
  await t.db.execute(
    sql`alter table socios add constraint security_logs_refuse check (false) not valid`,
  );
  try {
    const other = { ...(await validMemberBody(t, 2)), curp: CURP, telefono: PHONE };
    await call({ method: 'POST', url: '/api/socios/', payload: other }, access);
  } finally {
    await t.db.execute(sql`alter table socios drop constraint security_logs_refuse`);
  }
}

beforeAll(async () => {
  t = await makeTestApp();
  app = await buildApp({
    config: t.config,
    db: t.db,
    logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } },
  });
  await workingDay();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('the log of a working day', () => {
  it('went as planned and shows its requests and the unforeseen error', () => {
    expect(statuses).toEqual([401, 200, 200, 201, 201, 200, 500]);
    const text = lines.join('');
    for (const url of ['/api/token', '/api/token/refresh', '/api/socios', '/api/pagos'])
      expect(text).toContain(`"url":"${url}"`);
    const [error] = lines.filter((line) => line.includes('unhandled error'));
    // Enough to find the fault: the statement and the database's reason.
    expect(error).toContain('insert into \\"socios\\"');
    expect(error).toContain('security_logs_refuse');
  });

  it('holds no password, token, secret, CURP or phone number', () => {
    const text = lines.join('');
    const found = Object.entries(secrets).filter(([, value]) => text.includes(value));
    expect(found.map(([name]) => name)).toEqual([]);
    expect(text).not.toMatch(/Bearer\s+\S/);
  });

  it('a database error about bad data is logged with the value masked', async () => {
    const error = await t.db.execute(sql`select ${CURP}::int`).then(
      () => null,
      (e: unknown) => e,
    );
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('invalid input syntax for type integer');
    expect(logged).toContain('select $1::int');
    expect(logged).not.toContain(CURP);
  });
});
