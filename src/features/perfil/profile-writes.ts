/**
 * How the profile form queues, corrects and watches its 'profile.update' writes
 * (#ui/use-outbox-form.ts). A blocked edit counts as refused here: the form shows it as a
 * problem to fix rather than as waiting.
 */
import type { OutboxRowOf } from '#commands/command-map';
import { outboxForm } from '#commands/outbox';
import { saveOutcomeBlockedRefused } from '#sync/save-outcome';

export type ProfileFixRow = OutboxRowOf<'profile.update'>;

const PROFILE_UPDATE = outboxForm('profile.update');

export const PROFILE_FORM = {
  ...PROFILE_UPDATE,
  watch: { ...PROFILE_UPDATE.watch, classify: saveOutcomeBlockedRefused },
};
