/**
 * The receipt on screen: a form calls `showReceipt` once the capture is
 * queued; the receipt host, mounted once by the app, keeps it open across the form's own
 * navigation until it is closed. A member's own receipts open there too, marked `received`:
 * they come from the office's records, not from this phone's outbox.
 */
import { create } from 'zustand';
import type { Receipt } from '#domain/receipts';

export const useShownReceipt = create<{ current: Receipt | null; received: boolean }>(() => ({
  current: null,
  received: false,
}));

export function showReceipt(receipt: Receipt, opts: { received?: boolean } = {}): void {
  useShownReceipt.setState({ current: receipt, received: opts.received ?? false });
}

export function closeReceipt(): void {
  useShownReceipt.setState({ current: null, received: false });
}
