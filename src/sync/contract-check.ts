/**
 * Compile-time guard: the outbox row stored by `src/db` and the contract's `OutboxRow` must be
 * the same type (src/db may not import src/sync, so the storage shape is written twice).
 * `tsc` fails here if one changes without the other.
 */
import type { StoredOutboxRow } from '#db/stored-rows';
import type { OutboxRow } from './types';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const OUTBOX_ROW_MATCHES_STORAGE: Same<OutboxRow, StoredOutboxRow> = true;
