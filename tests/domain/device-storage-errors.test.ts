import { describe, expect, it } from 'vitest';
import { deviceStorageFailure, STORAGE_UNAVAILABLE_ERROR } from '#domain/device-storage-errors';

const named = (name: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error('x'), { name }, extra);

describe('deviceStorageFailure', () => {
  it('a quota error, bare or wrapped by Dexie (inner) or as a cause, means the phone is full', () => {
    expect(deviceStorageFailure(named('QuotaExceededError'))).toBe('full');
    expect(deviceStorageFailure(named('AbortError', { inner: named('QuotaExceededError') }))).toBe(
      'full',
    );
    expect(
      deviceStorageFailure(new Error('save failed', { cause: named('QuotaExceededError') })),
    ).toBe('full');
    expect(deviceStorageFailure(named('NS_ERROR_DOM_QUOTA_REACHED'))).toBe('full');
  });

  it('no IndexedDB at all means storage is unavailable', () => {
    expect(deviceStorageFailure(named(STORAGE_UNAVAILABLE_ERROR))).toBe('unavailable');
    expect(deviceStorageFailure(named('MissingAPIError'))).toBe('unavailable');
  });

  it('anything else is not a storage failure', () => {
    for (const error of [
      named('ConstraintError'),
      new TypeError('Failed to fetch'),
      { status: 500, body: {} },
      'QuotaExceededError',
      null,
      undefined,
    ])
      expect(deviceStorageFailure(error)).toBeNull();
  });
});
