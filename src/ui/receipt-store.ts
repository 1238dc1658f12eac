/**
 * The receipt on screen after a capture (issue 15 item 4): a form calls `showReceipt` once the
 * capture is queued; the receipt host, mounted once by the app, keeps it open across the
 * form's own navigation until it is closed.
 */
import { create } from 'zustand';
import type { Receipt } from '#domain/receipts';

export const useShownReceipt = create<{ current: Receipt | null }>(() => ({ current: null }));

export function showReceipt(receipt: Receipt): void {
  useShownReceipt.setState({ current: receipt });
}

export function closeReceipt(): void {
  useShownReceipt.setState({ current: null });
}
