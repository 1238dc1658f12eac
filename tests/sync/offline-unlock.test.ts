/** Offline unlock (docs/sync-protocol.md#the-lock-screen-and-offline-unlock): right, wrong ×5 → locked until an online login. */
import { describe, expect, it } from 'vitest';
import { getDeviceDb } from '#db/device-db';
import {
  MAX_WRONG_TRIES,
  forgetVerifier,
  rememberPasswordVerifier,
  unlockOffline,
  verifierUserId,
} from '#sync/offline-unlock';

describe('offline unlock', () => {
  it('stores a salted verifier, never the password', async () => {
    await rememberPasswordVerifier('Promotor', 5, 'secreto-1');
    const stored = await getDeviceDb().verifiers.get('promotor');
    expect(stored).toMatchObject({ userId: 5, failures: 0, locked: false });
    expect(stored!.iterations).toBeGreaterThanOrEqual(100_000);
    expect(JSON.stringify(stored)).not.toContain('secreto-1');
    await rememberPasswordVerifier('otro', 6, 'secreto-1');
    expect((await getDeviceDb().verifiers.get('otro'))!.hash).not.toBe(stored!.hash); // salted
    expect(await verifierUserId('PROMOTOR')).toBe(5);
  });

  it('right password unlocks; 5 wrong tries lock until an online login resets it', async () => {
    await rememberPasswordVerifier('promotor', 5, 'secreto-1');
    expect(await unlockOffline('promotor', 'secreto-1')).toBe('ok');
    for (let i = 1; i < MAX_WRONG_TRIES; i += 1)
      expect(await unlockOffline('promotor', `mal-${i}`)).toBe('wrong');
    expect(await unlockOffline('promotor', 'mal-5')).toBe('locked-until-online');
    expect(await unlockOffline('promotor', 'secreto-1')).toBe('locked-until-online');
    await rememberPasswordVerifier('promotor', 5, 'secreto-1'); // online login
    expect(await unlockOffline('promotor', 'secreto-1')).toBe('ok');
  });

  it('a success in between resets the wrong-try count', async () => {
    await rememberPasswordVerifier('promotor', 5, 'secreto-1');
    for (let i = 0; i < MAX_WRONG_TRIES - 1; i += 1) await unlockOffline('promotor', 'mal');
    expect(await unlockOffline('promotor', 'secreto-1')).toBe('ok');
    expect(await unlockOffline('promotor', 'mal')).toBe('wrong');
  });

  it('unknown and forgotten users', async () => {
    expect(await unlockOffline('nadie', 'x')).toBe('unknown-user');
    await rememberPasswordVerifier('promotor', 5, 'secreto-1');
    await forgetVerifier('promotor');
    expect(await unlockOffline('promotor', 'secreto-1')).toBe('unknown-user');
  });
});
