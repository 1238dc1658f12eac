/**
 * What a form says about its queued write, from the outbox row alone: the one classifier every
 * area's save hook shares (and the variant of the profile and community forms).
 */
import { describe, expect, it } from 'vitest';
import { saveOutcome, saveOutcomeBlockedRefused } from '#sync/save-outcome';
import type { OutboxRow, OutboxStatus } from '#sync/types';

function row(status: OutboxStatus): OutboxRow {
  return { status } as OutboxRow;
}

describe('saveOutcome', () => {
  it('says nothing before there is a write', () => {
    expect(saveOutcome(undefined, true, false)).toBeNull();
  });

  it('a write with its answer is sent, a refused one (rejected, conflict, stuck) is rejected', () => {
    expect(saveOutcome(row('done'), false, true)).toBe('sent');
    for (const s of ['rejected', 'conflict', 'stuck'] as const) {
      expect(saveOutcome(row(s), true, false)).toBe('rejected');
    }
  });

  it('online and fresh: sending; offline or after the wait: saved to be sent', () => {
    for (const s of ['pending', 'sending', 'uncertain'] as const) {
      expect(saveOutcome(row(s), true, false)).toBe('sending');
      expect(saveOutcome(row(s), false, false)).toBe('queued');
      expect(saveOutcome(row(s), true, true)).toBe('queued');
    }
  });

  it('a write blocked behind an earlier problem is saved, not refused', () => {
    expect(saveOutcome(row('blocked'), true, false)).toBe('queued');
  });

  it('the blocked-refused variant differs only for blocked writes', () => {
    expect(saveOutcomeBlockedRefused(row('blocked'), true, false)).toBe('rejected');
    expect(saveOutcomeBlockedRefused(row('pending'), true, false)).toBe('sending');
    expect(saveOutcomeBlockedRefused(row('done'), true, false)).toBe('sent');
    expect(saveOutcomeBlockedRefused(undefined, true, false)).toBeNull();
  });
});
