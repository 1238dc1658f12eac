/**
 * What a visitor typed into a prerendered page (issue 21) before the app's script took it over.
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
  return ownedByReact ? '' : input.value;
}
