/**
 * TRUST_PROXY: off by default (X-Forwarded-For is not believed at all); set to N, the client is
 * the address N hops from the right of the header, so whatever a client writes into the header
 * itself cannot make it a new client to the per-client login limits (docs/security.md).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { LoginLimiter } from '#server/auth/login-limiter';
import { ConfigError, loadConfig } from '#server/config';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

const PER_IP = 3;
let t: TestApp;
let behindOne: FastifyInstance;

const limiter = () => new LoginLimiter({ perIp: PER_IP, perUser: 100 });

beforeAll(async () => {
  t = await makeTestApp({ limiter: limiter() });
  behindOne = await buildApp({
    config: {
      ...t.config,
      trustProxy: loadConfig({ DATA_DIR: t.config.dataDir, TRUST_PROXY: '1' }).trustProxy,
    },
    db: t.db,
    limiter: limiter(),
  });
});
afterAll(async () => {
  await behindOne.close();
  await t.close();
});

/** Failed logins, each with a header the client made up; the statuses answered. */
async function spoofed(app: FastifyInstance, remote: string, real: string | null, n: number) {
  const statuses = [];
  for (let i = 0; i < n; i++) {
    const made = `198.51.100.${i + 1}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: `nobody${i}`, password: 'wrong-password' },
      remoteAddress: remote,
      headers: { 'x-forwarded-for': real === null ? made : `${made}, ${real}` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('is off by default, and "true" (trust every hop) is refused', () => {
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).trustProxy).toBe(0);
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, TRUST_PROXY: 'true' })).toThrow(
      ConfigError,
    );
    expect(loadConfig({ DATA_DIR: t.config.dataDir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('off: a made-up X-Forwarded-For is not a new client', async () => {
    const statuses = await spoofed(t.app, '192.0.2.10', null, PER_IP + 2);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('behind one proxy: the client is the entry the proxy appended, not what it wrote', async () => {
    const statuses = await spoofed(behindOne, '10.0.0.2', '203.0.113.7', PER_IP + 2);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another real client behind the same proxy is not locked by the first one.
    const other = await spoofed(behindOne, '10.0.0.2', '203.0.113.8', 1);
    expect(other).toEqual([401]);
  });
});
