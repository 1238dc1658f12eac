/**
 * A contribution or withdrawal as the phone's replica keeps it: the row of GET /movimientos/,
 * or — while a new one waits for the server — an optimistic record keyed by its client UUID
 * (`_localId`), marked with the mutation id it waits for (`_pending`). A bank-data edit waiting
 * for the server marks the existing row the same way.
 */
import { movementRowSchema } from '#domain/delivery-answers';
import type { DeliveryDisplay } from '#domain/delivery-member';
import type { MovementListRow } from '#domain/delivery-exports';

export interface MovimientoRecord extends Omit<MovementListRow, 'id'> {
  /** The server's id, or the client UUID of a movement not sent yet. */
  id: number | string;
  _localId?: string;
  _pending?: string;
}

/** A movement the server has not numbered yet. */
export function isLocalMovimiento(record: Pick<MovimientoRecord, 'id'>): boolean {
  return typeof record.id !== 'number';
}

/** The names an optimistic record shows before the server answers (never sent). */
export type MovimientoDisplay = DeliveryDisplay;

/** The server's answer to a create or a bank edit (the list shape), checked before use. */
export function parseMovementAnswer(body: unknown): MovementListRow {
  return movementRowSchema.parse(body);
}
