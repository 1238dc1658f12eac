declare module 'virtual:shell-locale' {
  /** The shell's sections of locales/es.json (scripts/vite-shell-locale.ts). */
  const dictionary: Record<string, unknown>;
  export default dictionary;
}
