/**
 * Server field errors of a form: each message shows under the field of the
 * same name until that field is edited or the form closes (the state lives in the form's
 * component, so unmounting forgets it).
 *
 *   const server = useServerErrors();
 *   <Form form={form} serverErrors={server} onSubmit={save}>…</Form>
 *   // in `save`, on a 400: server.setServerErrors(error.body)
 *
 * Nested bodies ({chat: [{comentario: ["…"]}]}) are flattened to react-hook-form paths
 * ("chat.0.comentario"); `non_field_errors` and `detail` go to the form banner.
 */
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { isRecord } from '#domain/guards';

export type ServerFieldErrors = Readonly<Record<string, readonly string[]>>;

export interface ServerErrorsApi {
  serverErrors: ServerFieldErrors;
  /** Messages that belong to no field (`non_field_errors`, `detail`). */
  nonFieldErrors: readonly string[];
  /** Store a 400 body; anything that is not an object clears the errors. */
  setServerErrors: (body: unknown) => void;
  /** Forget the messages of one field (and of its nested paths). */
  clearField: (name: string) => void;
  clearAll: () => void;
  /** The messages of a field, or undefined when it has none. */
  fieldError: (name: string) => readonly string[] | undefined;
}

const NON_FIELD_KEYS = new Set(['non_field_errors', 'detail']);
const NON_FIELD = 'non_field_errors';

function messagesOf(value: unknown): string[] | null {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  return null;
}

/** Flatten a DRF-style error body into `{ "a.0.b": ["msg"] }`. */
export function flattenServerErrors(body: unknown, prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const entries = Array.isArray(body)
    ? body.map((value: unknown, index) => [String(index), value] as const)
    : isRecord(body)
      ? Object.entries(body)
      : [];
  for (const [key, value] of entries) {
    const path = prefix === '' && NON_FIELD_KEYS.has(key) ? NON_FIELD : prefix + key;
    const messages = messagesOf(value);
    if (messages) out[path] = [...(out[path] ?? []), ...messages];
    else Object.assign(out, flattenServerErrors(value, `${path}.`));
  }
  return out;
}

export function useServerErrors(): ServerErrorsApi {
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const setServerErrors = useCallback((body: unknown) => setErrors(flattenServerErrors(body)), []);
  const clearAll = useCallback(() => setErrors({}), []);
  const clearField = useCallback((name: string) => {
    setErrors((current) => {
      const belongs = (key: string) => key === name || key.startsWith(`${name}.`);
      if (!Object.keys(current).some(belongs)) return current;
      return Object.fromEntries(Object.entries(current).filter(([key]) => !belongs(key)));
    });
  }, []);

  return useMemo(() => {
    const { [NON_FIELD]: nonField, ...fields } = errors;
    return {
      serverErrors: fields,
      nonFieldErrors: nonField ?? [],
      setServerErrors,
      clearField,
      clearAll,
      fieldError: (name: string) => fields[name],
    };
  }, [errors, setServerErrors, clearField, clearAll]);
}

const ServerErrorsContext = createContext<ServerErrorsApi | null>(null);
export const ServerErrorsProvider = ServerErrorsContext.Provider;

/** The enclosing form's server errors, or null outside a `Form` that has them. */
export function useServerErrorsContext(): ServerErrorsApi | null {
  return useContext(ServerErrorsContext);
}
