/**
 * How the community form queues, corrects and watches its writes (#ui/use-outbox-form.ts):
 * 'comunidad.create' for a new community, 'comunidad.update' for an edit, and the correction
 * of a refused one of either kind. A blocked save counts as refused here: the form and the
 * banner show it as a problem to fix rather than as waiting.
 */
import type { CommunityValues } from '#domain/forms/community';
import type { OutboxRowOf } from '#commands/command-map';
import { communityRecordId } from '#commands/comunidades';
import { enqueue, resubmit, rowOfKind } from '#commands/outbox';
import type { CommunityRow } from '#db/replica-rows';
import { ANSWER_WAIT_MS, readOutboxRow, saveOutcomeBlockedRefused } from '#sync/save-outcome';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import type { CaptureOutcome } from '#ui/use-capture-hold.ts';
import type { OutboxFormPort } from '#ui/use-outbox-form.ts';
import type { SaveWatch } from '#ui/use-save-outcome.ts';

/** A community write, its payload typed by its kind. */
export type CommunityWriteRow = OutboxRowOf<'comunidad.create'> | OutboxRowOf<'comunidad.update'>;

/** The row if it is a community write. */
export function communityWriteRow(row: OutboxRow | null | undefined): CommunityWriteRow | null {
  return rowOfKind(row, 'comunidad.create') ?? rowOfKind(row, 'comunidad.update');
}

/** A community write that needs a person (refused, conflict, stuck): the form corrects it. */
export function fixableCommunityWrite(row: OutboxRow | null | undefined): CommunityWriteRow | null {
  const write = communityWriteRow(row);
  return write && EDITABLE_STATUSES.includes(write.status) ? write : null;
}

/** What the form saves: its values, and the community they edit (null: a new community). */
export interface CommunitySave {
  values: CommunityValues;
  community: CommunityRow | null;
}

export const COMMUNITY_WATCH: SaveWatch<CommunityWriteRow, CaptureOutcome> = {
  load: async (mutationId) => communityWriteRow(await readOutboxRow(mutationId)) ?? undefined,
  classify: saveOutcomeBlockedRefused,
  waitMs: ANSWER_WAIT_MS,
};

export const COMMUNITY_FORM: OutboxFormPort<CommunitySave, CommunityWriteRow> = {
  watch: COMMUNITY_WATCH,
  enqueue: ({ values, community }) =>
    community
      ? enqueue(
          'comunidad.update',
          { id: community.id, values, before: community },
          { recordId: communityRecordId(community.id) },
        )
      : enqueue('comunidad.create', values),
  // A correction keeps what the refused write was about (the community and its row before).
  resubmit: (row, { values }) =>
    row.kind === 'comunidad.update'
      ? resubmit(row, { ...row.payload, values })
      : resubmit(row, values),
  isFixable: (row) => EDITABLE_STATUSES.includes(row.status),
};
