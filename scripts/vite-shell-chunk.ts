/**
 * Two chunks for the app's start (issue 21), instead of the dozens automatic code splitting
 * cuts (one per combination of lazy screens sharing modules — each a request before the app
 * can start, six at a time over a phone's HTTP/1.1 link):
 * - `shell`: every module the entry (src/main.tsx) imports statically — the public pages, the
 *   login and what they need;
 * - `private`: what the private side of the app (src/app/private-app.tsx, loaded when a
 *   session starts) imports statically beyond the shell — session, replica, sync, commands,
 *   private layouts.
 * The lazy screens import from both. Nothing moves into or out of the shell by this.
 */
import path from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

/** A module's static import closure. */
function staticClosure(ctx: ChunkingContext, entryId: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entryId];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) queue.push(next);
  }
  return seen;
}

export const SHELL_ENTRY = 'src/main.tsx';
export const PRIVATE_ENTRY = 'src/app/private-app.tsx';

/** The `name` of a rolldown code-splitting group: `shell`, `private` or neither (null). */
export function startChunkName(root: string) {
  const shellEntry = path.resolve(root, SHELL_ENTRY);
  const privateEntry = path.resolve(root, PRIVATE_ENTRY);
  let closures: { shell: Set<string>; private: Set<string> } | null = null;
  return (moduleId: string, ctx: ChunkingContext): string | null => {
    closures ??= {
      shell: staticClosure(ctx, shellEntry),
      private: staticClosure(ctx, privateEntry),
    };
    if (moduleId === shellEntry) return null;
    if (closures.shell.has(moduleId)) return 'shell';
    if (closures.private.has(moduleId)) return 'private';
    return null;
  };
}
