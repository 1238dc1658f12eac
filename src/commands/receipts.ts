/**
 * The receipt a member takes home, made on the phone the moment a payment,
 * contribution / withdrawal or collection is confirmed and queued, offline or not.
 *
 * - `allocateReceipt`: the number (`<user>-<device code>-<sequence>`, #domain/receipts) and
 *   the verification code (crypto.getRandomValues) that travel in the capture's body.
 * - `issueReceipt`: once queued, the receipt's snapshot — who, what, each amount, and the debt
 *   or savings balance after it as the phone's own reads compute it (the pending capture
 *   counted, as everywhere on the phone) — kept in the user's database (`meta`,
 *   `receipt:<number>`), so it reads the same later even after other captures.
 * - `receiptState`: what became of it, from the capture's outbox row (found by its record id,
 *   which a correction keeps): pending ("por confirmar"), received, or void (refused, blocked,
 *   discarded, or replaced by a corrected capture's new receipt).
 */
import { replicaDebtAt } from '#domain/credit-replica';
import type { ReceiptDraft } from '#domain/receipts';
import type { Cents } from '#domain/money';
import {
  DEVICE_CODE_LENGTH,
  RECEIPT_CODE_LENGTH,
  randomAlphabetText,
  receiptNumber,
  type Receipt,
  type ReceiptFields,
} from '#domain/receipts';
import { currentDbUserId, getDb } from '#db/database';
import { nextReceiptSlot } from '#db/device-db';
import { contractWithPayments } from '#db/reads/credits';
import { notCountedRecords, splitCounted } from '#db/reads/counted';
import { movimientosOfMember } from '#db/reads/deliveries';
import { balanceOf } from '#domain/balance';
import { movementForBalance } from '#domain/delivery-rows';
import type { StoredOutboxRow } from '#db/stored-rows';
import { receiptState, type ReceiptState } from './receipt-row.ts';
export { receiptOfRow, receiptState, type ReceiptState } from './receipt-row.ts';

export const RECEIPT_META_PREFIX = 'receipt:';

function randomText(count: number): string {
  const bytes = new Uint8Array(count);
  globalThis.crypto.getRandomValues(bytes);
  return randomAlphabetText(count, bytes);
}

/** A new receipt number and code for a capture of user `userId`. */
export async function allocateReceipt(
  userId: number,
  replaces: string | null,
): Promise<ReceiptFields> {
  // The signed-in user's id; the open database's when the session has none yet.
  const owner = userId > 0 ? userId : (currentDbUserId() ?? 0);
  if (owner <= 0) return { recibo: null, recibo_codigo: null, recibo_reemplaza: null };
  const { deviceCode, sequence } = await nextReceiptSlot(() => randomText(DEVICE_CODE_LENGTH));
  return {
    recibo: receiptNumber(owner, deviceCode, sequence),
    recibo_codigo: randomText(RECEIPT_CODE_LENGTH),
    recibo_reemplaza: replaces,
  };
}

/** The debt of the payment's contract at its date, after it (the phone's own debt lookup). */
export async function debtAfterPayment(credito: number, fecha: string): Promise<Cents | null> {
  const { contract, payments } = await contractWithPayments(credito);
  if (!contract) return null;
  try {
    return replicaDebtAt(contract, payments, fecha)?.total_deuda ?? 0;
  } catch {
    return null;
  }
}

/** The member's savings balance with every counted movement (this capture included). */
export async function balanceAfterMovement(clave: number): Promise<Cents | null> {
  const records = await movimientosOfMember(clave);
  const { counted } = splitCounted(records, await notCountedRecords('movimiento'));
  const balance = balanceOf(
    counted.flatMap((r) => {
      const m = movementForBalance(r);
      return m ? [m] : [];
    }),
  );
  return balance?.saldo ?? null;
}

/** The debt or balance after the capture, as the phone's own reads compute it. */
function figureAfter(draft: ReceiptDraft): Promise<Cents | null> {
  if (draft.subject === 'pago' && draft.credito !== null)
    return debtAfterPayment(draft.credito, draft.date);
  if (draft.subject === 'aportacion' || draft.subject === 'retiro')
    return balanceAfterMovement(draft.member.clave);
  return Promise.resolve(null);
}

/**
 * Keep the receipt of a capture just queued (its outbox row names its record). `show` gets it
 * as soon as it is made, before it is stored: the member is waiting, and the capture itself
 * (with the receipt's number and code) is already safe in the outbox.
 */
export async function issueReceipt(
  draft: ReceiptDraft,
  show?: (receipt: Receipt) => void,
): Promise<Receipt> {
  const db = getDb();
  const [row, after, replaced] = await Promise.all([
    db.outbox.get(draft.mutationId),
    figureAfter(draft),
    draft.replaces ? receiptByNumber(draft.replaces) : Promise.resolve(null),
  ]);
  // A correction keeps its outbox row, whose capture time is the refused original's: the new
  // receipt is made now, and names when the one it replaces was made.
  const receipt: Receipt = {
    ...draft,
    recordId: row?.recordId ?? draft.mutationId,
    issuedAt: draft.replaces
      ? new Date().toISOString()
      : (row?.capturedAt ?? new Date().toISOString()),
    replacesIssuedAt: draft.replaces ? (replaced?.issuedAt ?? row?.capturedAt ?? null) : null,
    after:
      after === null ? null : { kind: draft.subject === 'pago' ? 'debt' : 'balance', cents: after },
  };
  show?.(receipt);
  await db.meta.put({ key: `${RECEIPT_META_PREFIX}${receipt.number}`, value: receipt });
  return receipt;
}

function isReceipt(value: unknown): value is Receipt {
  return (
    typeof value === 'object' &&
    value !== null &&
    'number' in value &&
    typeof value.number === 'string' &&
    'lines' in value &&
    Array.isArray(value.lines)
  );
}

export async function receiptByNumber(number: string): Promise<Receipt | null> {
  const row = await getDb().meta.get(`${RECEIPT_META_PREFIX}${number}`);
  return isReceipt(row?.value) ? row.value : null;
}

/** Every receipt kept on this phone, newest first. */
export async function allReceipts(): Promise<Receipt[]> {
  const rows = await getDb().meta.where('key').startsWith(RECEIPT_META_PREFIX).toArray();
  return rows
    .map((r) => r.value)
    .filter(isReceipt)
    .sort((a, b) => (a.issuedAt < b.issuedAt ? 1 : a.issuedAt > b.issuedAt ? -1 : 0));
}

/** Every receipt kept on this phone with what became of it, newest first. */
export async function receiptsWithState(): Promise<{ receipt: Receipt; state: ReceiptState }[]> {
  const receipts = await allReceipts();
  const rows = await Promise.all(receipts.map((r) => receiptRow(r.recordId)));
  return receipts.map((receipt, i) => ({ receipt, state: receiptState(receipt, rows[i] ?? null) }));
}

/** The outbox row of a receipt's capture (the newest for its record). */
export async function receiptRow(recordId: string): Promise<StoredOutboxRow | undefined> {
  const rows = await getDb().outbox.where('recordId').equals(recordId).toArray();
  return rows.filter((r) => r.kind.endsWith('.create')).sort((a, b) => b.seq - a.seq)[0];
}
