import { describe, expect, it } from 'vitest';
import { present } from '#domain/guards';

describe('present', () => {
  it('gives back a value that is there, falsy ones included', () => {
    expect(present(0, 'a count')).toBe(0);
    expect(present('', 'a name')).toBe('');
    expect(present(false, 'a flag')).toBe(false);
    const row = { id: 7 };
    expect(present(row, 'the row')).toBe(row);
  });

  it('fails loudly, naming what was missing, for undefined and null', () => {
    expect(() => present(undefined, 'the first tab')).toThrow(
      'the first tab: expected a value, found none',
    );
    expect(() => present(null, 'the match')).toThrow('the match: expected a value, found none');
  });
});
