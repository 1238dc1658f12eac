/**
 * What the coordinator has typed on the control desk for one request — the four ticks, the
 * irregularities and the comment — kept in the tab's sessionStorage while it is typed, so a
 * reload (or the phone dropping the page) gives it back; forgotten once the decision is saved.
 * Per tab on purpose: a draft is half a decision, not something another tab should pick up.
 */
import * as z from 'zod';
import { CONTROL_DESK_QUESTIONS, type ControlDeskInput } from '#domain/forms/control-desk';

export type ControlDeskDraft = Omit<ControlDeskInput, 'estatus_solicitud'>;

const tick = z.boolean().catch(false);
const typed = z.string().catch('');
const draftSchema = z.object({
  pregunta_1: tick,
  pregunta_2: tick,
  pregunta_3: tick,
  pregunta_4: tick,
  irregularidades: typed,
  comentarios_coordinador: typed,
});

const keyOf = (folio: number) => `mesa-control-borrador:${folio}`;

/** The draft kept for `folio`, or null (none, unreadable, or storage unavailable). */
export function readDeskDraft(folio: number): ControlDeskDraft | null {
  let text: string | null;
  try {
    text = sessionStorage.getItem(keyOf(folio));
  } catch {
    return null;
  }
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = draftSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Keep what is typed for `folio` (a full storage loses the draft, never the typing). */
export function keepDeskDraft(folio: number, values: Partial<ControlDeskInput>): void {
  const draft: Record<string, unknown> = {
    irregularidades: values.irregularidades ?? '',
    comentarios_coordinador: values.comentarios_coordinador ?? '',
  };
  for (const q of CONTROL_DESK_QUESTIONS) draft[q] = values[q] === true;
  try {
    sessionStorage.setItem(keyOf(folio), JSON.stringify(draft));
  } catch {
    // Private mode or a full storage: the form still holds the text.
  }
}

/** Forget the draft of `folio` (its decision was saved). */
export function dropDeskDraft(folio: number): void {
  try {
    sessionStorage.removeItem(keyOf(folio));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
