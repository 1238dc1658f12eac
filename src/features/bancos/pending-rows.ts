/**
 * The unlinked items of each tab of /banco-form as table rows: each knows its id, its amount in
 * cents (what the selection adds up) and the bank reference captured with it (what the
 * reference warnings compare).
 */
import type { PendingContract, PendingMovement, PendingPayment } from '#api/bancos';
import type { BankDataType } from '#domain/codes';
import { parseMoney, type Cents } from '#domain/money';

/** What every selectable row carries. */
export interface Selectable {
  id: number;
  amountCents: Cents;
  referencia_banco: string | null;
}

export type MovementItem = PendingMovement & Selectable;
export type PaymentItem = PendingPayment & Selectable;
export type ContractItem = PendingContract & Selectable;

const cents = (text: string): Cents => parseMoney(text) ?? 0;

export const movementItem = (m: PendingMovement): MovementItem => ({
  ...m,
  amountCents: cents(m.monto),
});
export const paymentItem = (p: PendingPayment): PaymentItem => ({
  ...p,
  amountCents: cents(p.cantidad),
});
export const contractItem = (c: PendingContract): ContractItem => ({
  ...c,
  amountCents: cents(c.monto),
});

/** The tabs that list items (all but "Otros"). */
export type ItemTab = Exclude<BankDataType, 'Otros'>;

/** The selection of each tab lives under its own table id (#ui/selection-store). */
export const tableIdOf = (tab: ItemTab) => `banco-form-${tab}`;
