import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { UUID_V7_RE, uuidv7, uuidv7Time } from '#sync/uuid';

describe('uuidv7', () => {
  it('has the RFC 9562 layout and carries its millisecond timestamp', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (ms) => {
        const id = uuidv7(ms);
        expect(id).toMatch(UUID_V7_RE);
        expect(uuidv7Time(id)).toBe(ms);
      }),
    );
  });

  it('sorts by time and never repeats', () => {
    const ids = Array.from({ length: 2000 }, (_, i) =>
      uuidv7(1_700_000_000_000 + Math.floor(i / 10)),
    );
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...ids].sort().map(uuidv7Time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(uuidv7()).not.toBe(uuidv7());
  });
});
