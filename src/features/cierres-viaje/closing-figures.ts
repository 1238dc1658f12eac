/** The office's figures of one closing: declared, received and their difference, in cents. */
import { parseMoney, sumCents, type Cents } from '#domain/money';
import type { TripClosingAnswer } from '#domain/trip-shapes';

export interface ClosingRow {
  closing: TripClosingAnswer;
  /** Cash the phone declared it received (payments + cash contributions) and paid out. */
  declaredIn: Cents;
  declaredOut: Cents;
  receivedIn: Cents;
  receivedOut: Cents;
  /** Declared to hand in minus what the server's records back: ≠ 0 needs a look. */
  difference: Cents;
}

const cents = (text: string) => parseMoney(text) ?? 0;

export function closingRow(closing: TripClosingAnswer): ClosingRow {
  const d = closing.declarado;
  const r = closing.recibido;
  const declaredIn = sumCents([cents(d.pagos), cents(d.aportaciones)]);
  const declaredOut = cents(d.retiros);
  const receivedIn = sumCents([cents(r.pagos), cents(r.aportaciones)]);
  const receivedOut = cents(r.retiros);
  return {
    closing,
    declaredIn,
    declaredOut,
    receivedIn,
    receivedOut,
    difference: declaredIn - declaredOut - (receivedIn - receivedOut),
  };
}
