import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '#server/auth/login-limiter';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('LoginLimiter', () => {
  it('blocks a username after its limit and frees it when the oldest failure leaves the window', () => {
    const c = clock();
    const limiter = new LoginLimiter({ perUser: 3, perIp: 100, windowMs: 60_000, now: c.now });
    for (let i = 0; i < 3; i++) {
      expect(limiter.check('1.1.1.1', 'ana').allowed).toBe(true);
      limiter.recordFailure('1.1.1.1', 'ana');
      c.advance(10_000);
    }
    const blocked = limiter.check('9.9.9.9', 'ANA');
    expect(blocked).toEqual({ allowed: false, retryAfterSeconds: 30 });
    c.advance(30_000);
    expect(limiter.check('9.9.9.9', 'ana').allowed).toBe(true);
  });

  it('blocks an IP that tries many usernames', () => {
    const c = clock();
    const limiter = new LoginLimiter({ perUser: 100, perIp: 5, windowMs: 60_000, now: c.now });
    for (let i = 0; i < 5; i++) limiter.recordFailure('2.2.2.2', `user${i}`);
    expect(limiter.check('2.2.2.2', 'someone-new').allowed).toBe(false);
    expect(limiter.check('3.3.3.3', 'someone-new').allowed).toBe(true);
  });

  it('a success clears the username but not the IP', () => {
    const limiter = new LoginLimiter({ perUser: 2, perIp: 3, windowMs: 60_000 });
    limiter.recordFailure('4.4.4.4', 'bo');
    limiter.recordFailure('4.4.4.4', 'bo');
    expect(limiter.check('5.5.5.5', 'bo').allowed).toBe(false);
    limiter.recordSuccess('bo');
    expect(limiter.check('5.5.5.5', 'bo').allowed).toBe(true);
    limiter.recordFailure('4.4.4.4', 'cy');
    expect(limiter.check('4.4.4.4', 'dee').allowed).toBe(false);
  });
});
