import { HELD_SUBMIT_ATTRIBUTE, TYPED_GLOBAL } from '#domain/prerendered-pages';
import { isRecord } from '#domain/guards';

/** What the prerendered page's script kept of each field typed into before the app owned it. */
function keptByPageScript(fieldName: string): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const typed: unknown = Reflect.get(window, TYPED_GLOBAL);
  const value = isRecord(typed) ? typed[fieldName] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * What a visitor typed into a prerendered page before the app's script took it over.
 * The app's fields are controlled: hydrating them with empty state would wipe that text, so a
 * form starts from it instead. Only inputs React does not own yet count — the prerendered HTML
 * during hydration — never a field of a screen the app itself drew.
 */
export function typedBeforeApp(fieldName: string): string {
  if (typeof document === 'undefined') return '';
  const root = document.getElementById('root');
  if (root?.dataset.prerendered === undefined) return '';
  const input = [...root.querySelectorAll('input')].find((el) => el.name === fieldName);
  if (input === undefined) return '';
  const ownedByReact = Object.keys(input).some((key) => key.startsWith('__reactFiber'));
  return ownedByReact ? '' : (keptByPageScript(fieldName) ?? input.value);
}

/**
 * Once the form is mounted: what was typed into the field while the app was taking the page
 * over (after the form read `typedBeforeApp`, before its fields were the app's), if anything.
 */
export function typedDuringTakeover(fieldName: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  if (document.getElementById('root')?.dataset.prerendered === undefined) return undefined;
  return keptByPageScript(fieldName);
}

/**
 * Whether a send of the prerendered form with this action was held until the app took it over
 * (`AFTER_PAINT_SCRIPT`): then the app sends it now. The mark is taken, so it is sent once.
 */
export function takeHeldSubmit(action: string): boolean {
  if (typeof document === 'undefined') return false;
  const html = document.documentElement;
  const held = html.getAttribute(HELD_SUBMIT_ATTRIBUTE);
  if (held === null) return false;
  html.removeAttribute(HELD_SUBMIT_ATTRIBUTE);
  return held === action;
}
