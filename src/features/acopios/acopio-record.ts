/**
 * A collection as the phone's replica keeps it: the row of GET /acopios.json, or — while a new
 * one waits for the server — an optimistic record keyed by its client UUID (`_localId`) and
 * marked with the mutation id it waits for (`_pending`).
 */
import { acopioRowSchema } from '#domain/delivery-answers';
import type { DeliveryDisplay } from '#domain/delivery-member';
import type { AcopioListRow } from '#domain/delivery-exports';

export interface AcopioRecord extends Omit<AcopioListRow, 'id'> {
  /** The server's id, or the client UUID of a collection not sent yet. */
  id: number | string;
  _localId?: string;
  _pending?: string;
}

/** A collection the server has not numbered yet. */
export function isLocalAcopio(record: Pick<AcopioRecord, 'id'>): boolean {
  return typeof record.id !== 'number';
}

/** The names an optimistic record shows before the server answers (never sent). */
export type AcopioDisplay = DeliveryDisplay;

/** The server's answer to a create (the list shape), checked before it enters the replica. */
export function parseAcopioAnswer(body: unknown): AcopioListRow {
  return acopioRowSchema.parse(body);
}
