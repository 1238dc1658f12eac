/**
 * "Not sent yet" and "no answer" are told apart: an item whose request
 * failed with the device offline never left the phone; one that left and got no answer may
 * have arrived. Both are resent with the same key; the sync center says which it is.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg } from '#domain/messages';
import { outboxReason } from '#features/sync-center/outbox-reason.ts';
import { noAnswerReason } from '#sync/push';
import type { OutboxRow } from '#sync/types';

function uncertain(message: string): OutboxRow {
  return {
    id: 'm1',
    seq: 1,
    deviceId: 'd',
    userId: 1,
    kind: 'pago.create',
    recordId: 'r1',
    chainKey: 'credito-1',
    dependsOn: [],
    payload: {},
    capturedAt: '2026-03-01T10:00:00.000Z',
    status: 'uncertain',
    attempts: 1,
    nextAttemptAt: 0,
    lastError: { status: 0, body: null, message, at: '2026-03-01T10:00:01.000Z' },
    result: null,
    serverId: null,
    supersedes: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:01.000Z',
    sentAt: null,
    doneAt: null,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('an item without an answer', () => {
  it('failed while offline: "not sent yet"', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reason = noAnswerReason();
    expect(reason).toBe('sync.reason.notSent');
    expect(outboxReason(uncertain(msg(reason)), 0, null).key).toBe('syncCenter.reason.notSentYet');
  });

  it('failed while online: "no answer from the server"', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const reason = noAnswerReason();
    expect(reason).toBe('sync.reason.noAnswer');
    expect(outboxReason(uncertain(msg(reason)), 0, null).key).toBe('syncCenter.reason.uncertain');
  });
});
