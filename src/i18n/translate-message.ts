/**
 * Turn a message into display text: an encoded domain message ("validation.minLength|{"n":3}",
 * src/domain/messages.ts) is translated with `t`; anything else (a sentence the server already
 * translated through Accept-Language) passes through unchanged.
 */
import { parseMessage } from '#domain/messages';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function translateMessage(t: Translate, text: string): string {
  const message = parseMessage(text);
  if (!message) return text;
  return t(message.key, { ...message.params, defaultValue: text });
}
