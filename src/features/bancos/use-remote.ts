/**
 * One office read straight from the API (no replica): loads while `enabled` (online), again
 * when `load` changes (wrap it in useCallback with its inputs) or `reload()` is called; the
 * answer of a superseded request is dropped. The last answer stays shown while a newer one
 * loads.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';

export interface Remote<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

interface Settled<T> {
  request: object | null;
  data: T | undefined;
  error: unknown;
}

export function useRemote<T>(load: (signal: AbortSignal) => Promise<T>, enabled = true): Remote<T> {
  const [round, setRound] = useState(0);
  // One token per request: the answer is current only while its token is.
  const request = useMemo(() => ({ round, load }), [round, load]);
  const [settled, setSettled] = useState<Settled<T>>({
    request: null,
    data: undefined,
    error: null,
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ request, data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled((last) => ({ request, data: last.data, error }));
      },
    );
    return () => controller.abort();
  }, [load, enabled, request]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return {
    data: settled.data,
    error: settled.request === request ? settled.error : null,
    loading: enabled && settled.request !== request,
    reload,
  };
}
