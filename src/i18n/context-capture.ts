/**
 * "Translate this screen": which key rendered which visible text.
 *
 * Design: a visible text does not carry its key, and marking every string in the DOM would cost
 * every screen all the time. Instead, only while a translator has the mode on, an i18next
 * post-processor (it sees each translated value with its key) records text → keys; turning the
 * mode on re-renders the screens once (a `changeLanguage` to the same language) so what is
 * already visible is recorded too. A tap then reads the tapped element's own text and looks it
 * up: an exact match of a whole translated value (after interpolation, so "Página 2 de 5"
 * matches its key too). One text rendered by several keys offers them all. Off, the
 * post-processor returns the value untouched and records nothing.
 */
import { create } from 'zustand';
import type { PostProcessorModule } from 'i18next';

interface ContextState {
  on: boolean;
}

export const contextTranslationStore = create<ContextState>()(() => ({ on: false }));

const keysByText = new Map<string, Set<string>>();

function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export const contextCapture: PostProcessorModule = {
  type: 'postProcessor',
  name: 'contextCapture',
  process: (value: string, key: string | string[]) => {
    if (!contextTranslationStore.getState().on) return value;
    const first = Array.isArray(key) ? key[0] : key;
    const text = normalized(value);
    if (first !== undefined && text !== '') {
      const keys = keysByText.get(text) ?? new Set<string>();
      keys.add(first);
      keysByText.set(text, keys);
    }
    return value;
  },
};

/** The keys whose translated value is exactly `text` (as shown). */
export function keysForText(text: string): string[] {
  return [...(keysByText.get(normalized(text)) ?? [])];
}

/** Switch the mode (context-mode.ts re-renders the screens after it). */
export function setCaptureMode(on: boolean): void {
  keysByText.clear();
  contextTranslationStore.setState({ on });
}
