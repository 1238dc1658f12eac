/**
 * `GET /api/users/gerentes.json` (CO, GE): the managers who can sign a printed contract. The
 * last answer and the last manager chosen stay on the device, so a contract prints offline
 * with the same signature line as last time.
 */
import { z } from 'zod';
import { signingManagersSchema, type SigningManager } from '#domain/reference-shapes';
import { apiGet } from './client';

const MANAGERS_KEY = 'comonsit.signingManagers';
const CHOSEN_KEY = 'comonsit.signingManager';

function readStored<S extends z.ZodType>(key: string, schema: S): z.output<S> | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function store(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the value still serves this page.
  }
}

export function cachedSigningManagers(): SigningManager[] {
  return readStored(MANAGERS_KEY, signingManagersSchema) ?? [];
}

/** The server's list when it answers (and kept), else the list kept from last time. */
export async function loadSigningManagers(): Promise<SigningManager[]> {
  try {
    const managers = await apiGet('users/gerentes.json', signingManagersSchema);
    store(MANAGERS_KEY, managers);
    return managers;
  } catch {
    return cachedSigningManagers();
  }
}

/** The name chosen last on this device ('' = printed blank). */
export function rememberedSigningManager(): string | null {
  return readStored(CHOSEN_KEY, z.string());
}

export function rememberSigningManager(name: string): void {
  store(CHOSEN_KEY, name);
}

/** A wiped device keeps no names of the office (docs/security.md#a-lost-device). */
export function forgetSigningManagers(): void {
  try {
    localStorage.removeItem(MANAGERS_KEY);
    localStorage.removeItem(CHOSEN_KEY);
  } catch {
    // Blocked storage held nothing.
  }
}
