// The small part of jsdom (a dev dependency of the client tests, shipped without types) that
// scripts/bench-members.tsx uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string; pretendToBeVisual?: boolean });
    readonly window: Window & typeof globalThis;
  }
}
