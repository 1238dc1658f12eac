import { describe, expect, it } from 'vitest';
import { builtOnce } from '#domain/built-once';

describe('builtOnce', () => {
  it('builds nothing until the first use, then gives the same value every time', () => {
    let builds = 0;
    const schema = builtOnce(() => {
      builds += 1;
      return { name: 'schema', builds };
    });
    expect(builds).toBe(0);
    const first = schema();
    expect(schema()).toBe(first);
    expect(builds).toBe(1);
  });

  it('keeps a built value that is falsy instead of building it again', () => {
    let builds = 0;
    const nothing = builtOnce(() => {
      builds += 1;
      return null;
    });
    expect(nothing()).toBeNull();
    expect(nothing()).toBeNull();
    expect(builds).toBe(1);
  });
});
