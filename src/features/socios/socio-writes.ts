/**
 * How the member form queues, corrects and watches its writes (#ui/use-outbox-form.ts):
 * 'socio.create' for a new member, 'socio.update' (every field, with the record before it) for
 * an edit, and the correction of a refused one of either kind.
 */
import type { MemberValues } from '#domain/forms/member';
import type { OutboxRowOf } from '#commands/command-map';
import { enqueue, resubmit, rowOfKind } from '#commands/outbox';
import { socioRecordId, type SocioDisplay } from '#commands/socios';
import type { RecordKey, SocioRow } from '#db/replica-rows';
import { ANSWER_WAIT_MS, readOutboxRow, saveOutcome } from '#sync/save-outcome';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import type { OutboxFormPort } from '#ui/use-outbox-form.ts';

/** A member write, its payload typed by its kind. */
export type SocioWriteRow = OutboxRowOf<'socio.create'> | OutboxRowOf<'socio.update'>;

/** The row if it is a member write. */
export function socioWriteRow(row: OutboxRow | null | undefined): SocioWriteRow | null {
  return rowOfKind(row, 'socio.create') ?? rowOfKind(row, 'socio.update');
}

/** A member write that needs a person (refused, conflict, stuck): the form corrects it. */
export function fixableSocioWrite(row: OutboxRow | null | undefined): SocioWriteRow | null {
  const write = socioWriteRow(row);
  return write && EDITABLE_STATUSES.includes(write.status) ? write : null;
}

/** The key of the member a write is about: its number, or the client UUID of a new one. */
export function memberKeyOf(row: SocioWriteRow): RecordKey {
  return row.kind === 'socio.update' ? row.payload.clave : row.recordId;
}

/** What the form saves: the member's values and names, and which member they edit. */
export interface SocioSave {
  member: MemberValues;
  display: SocioDisplay;
  /** The member's key; null for a new member. */
  clave: RecordKey | null;
  /** The record before the edit (to undo it if the edit is discarded). */
  before: SocioRow | null;
}

export const SOCIO_FORM: OutboxFormPort<SocioSave, SocioWriteRow> = {
  watch: {
    load: async (mutationId) => socioWriteRow(await readOutboxRow(mutationId)) ?? undefined,
    classify: saveOutcome,
    waitMs: ANSWER_WAIT_MS,
  },
  enqueue: ({ member, display, clave, before }) =>
    clave === null
      ? enqueue('socio.create', { member, display })
      : enqueue(
          'socio.update',
          { clave, member, display, before },
          { recordId: socioRecordId(clave) },
        ),
  // A correction keeps what the refused write was about (the member and its record before).
  resubmit: (row, { member, display }) =>
    row.kind === 'socio.update'
      ? resubmit(row, { ...row.payload, member, display })
      : resubmit(row, { member, display }),
  isFixable: (row) => EDITABLE_STATUSES.includes(row.status),
};
