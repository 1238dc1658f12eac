/**
 * What became of a member's receipt, from its capture's outbox row. Kept apart
 * from ./receipts.ts so the sync center reads it without the receipt's figures code.
 */
import type { Receipt } from '#domain/receipts';
import type { StoredOutboxRow } from '#db/stored-rows';

export type ReceiptState =
  | { kind: 'pending' }
  | { kind: 'received' }
  | { kind: 'void'; reason: 'refused' | 'discarded' }
  | { kind: 'replaced'; by: string };

const VOID_STATUSES = new Set(['rejected', 'blocked', 'conflict', 'stuck']);

/** The receipt number a capture's outbox row carries now (a correction carries a new one). */
export function receiptOfRow(row: Pick<StoredOutboxRow, 'payload'>): string | null {
  const payload = row.payload;
  if (typeof payload !== 'object' || payload === null) return null;
  for (const part of ['body', 'movimiento', 'acopio']) {
    const body: unknown = Reflect.get(payload, part);
    if (typeof body === 'object' && body !== null) {
      const recibo: unknown = Reflect.get(body, 'recibo');
      return typeof recibo === 'string' ? recibo : null;
    }
  }
  return null;
}

/** What became of a receipt, from its capture's outbox row (undefined: none left). */
export function receiptState(
  receipt: Pick<Receipt, 'number'>,
  row: Pick<StoredOutboxRow, 'payload' | 'status'> | null | undefined,
): ReceiptState {
  // undefined: not read yet; null: no row left (discarded).
  if (row === undefined) return { kind: 'pending' };
  if (row === null) return { kind: 'void', reason: 'discarded' };
  const current = receiptOfRow(row);
  if (current !== null && current !== receipt.number) return { kind: 'replaced', by: current };
  if (row.status === 'done') return { kind: 'received' };
  if (VOID_STATUSES.has(row.status)) return { kind: 'void', reason: 'refused' };
  return { kind: 'pending' };
}
