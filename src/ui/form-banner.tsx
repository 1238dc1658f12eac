import { useMessageText } from '#ui/message-text.ts';
import { useServerErrorsContext } from '#ui/server-errors.tsx';

/**
 * The form-level messages: the server's `non_field_errors` (and `detail`) of the enclosing
 * `<Form>`, plus any `messages` passed in (already translated or encoded domain keys).
 */
export function FormBanner({ messages = [] }: { messages?: readonly string[] }) {
  const server = useServerErrorsContext();
  const messageText = useMessageText();
  const all = [...(server?.nonFieldErrors ?? []), ...messages];
  if (all.length === 0) return null;
  return (
    <div className="form-banner" role="alert">
      <ul>
        {all.map((text, index) => (
          <li key={index}>{messageText(text)}</li>
        ))}
      </ul>
    </div>
  );
}
