/** "The outbox changed": enqueue and the sync center's actions kick the running engine(s). */

type Listener = () => void;

const listeners = new Set<Listener>();

export function onOutboxChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyOutboxChange(): void {
  for (const listener of listeners) listener();
}
