/**
 * One chunk for the app shell (issue 21): every module the entry (src/main.tsx) imports
 * statically is loaded at every start anyway, but automatic code splitting cut them into ~45
 * small chunks (one per combination of lazy screens sharing them) — 45 requests before the app
 * can start, six at a time over a phone's HTTP/1.1 link. Grouped, the shell is the entry and one
 * chunk; the lazy screens import from it. Nothing moves into or out of the shell by this.
 */
import path from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

export function shellChunkName(root: string, entry = 'src/main.tsx') {
  const entryId = path.resolve(root, entry);
  let shell: Set<string> | null = null;
  /** The entry's static import closure (computed once per chunking pass). */
  const closure = (ctx: ChunkingContext): Set<string> => {
    const seen = new Set<string>();
    const queue = [entryId];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) queue.push(next);
    }
    return seen;
  };
  return (moduleId: string, ctx: ChunkingContext): string | null => {
    shell ??= closure(ctx);
    return moduleId !== entryId && shell.has(moduleId) ? 'shell' : null;
  };
}
