/**
 * Vite plugin: after the client build, the public pages of `PRERENDERED_PAGES` are
 * rendered once per language (src/app/prerender.tsx, loaded through a Vite SSR server with the
 * project's own config) into copies of the built index.html under `dist/prerendered/<lang>/`.
 * These pages' screens are part of the shell (src/app/screens.tsx), so the copy's own stylesheet
 * and script are all it needs to paint styled and be taken over. The server sends these on a
 * first visit (server/http/static-pwa.ts); the service worker keeps the plain index.html.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { LANGS, type Lang } from '../src/domain/codes.ts';
import {
  HTML_LANG,
  PRERENDERED_DIR,
  PRERENDERED_PAGES,
  PUBLIC_SHELL_FILE,
} from '../src/domain/prerendered-pages.ts';
import { scriptsAfterPaint } from './prerender-html.ts';
import { SESSION_START_HINT } from './vite-shell-chunk.ts';

interface RenderModule {
  renderPublicPage(pagePath: string, lang: Lang): Promise<string>;
}

function isRenderModule(value: unknown): value is RenderModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    'renderPublicPage' in value &&
    typeof value.renderPublicPage === 'function'
  );
}

/** React hoists resource hints (`<link …/>`) to the front of a fragment: they go in the head. */
function splitHoisted(markup: string): { head: string; body: string } {
  const hoisted = /^(?:<link [^>]*\/?>)+/.exec(markup);
  const head = hoisted?.[0] ?? '';
  return { head, body: markup.slice(head.length) };
}

/** The plain shell's hints for a user's start (a first visit has no session). */
function withoutSessionHints(html: string): string {
  return html.replace(new RegExp(`<link [^>]*${SESSION_START_HINT}[^>]*>`, 'g'), '');
}

/** The plain shell's splash for a user's start: a prerendered page is drawn already. */
function withoutBootSplash(html: string): string {
  return html.replace(/<!-- boot-splash[\s\S]*?<!-- \/boot-splash -->\s*/, '');
}

/**
 * The style sheets first in the head: the page is drawn once they arrive, so they are asked for
 * before the scripts (which only take the page over) and arrive first on a slow link.
 */
function styleSheetsFirst(html: string): string {
  const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*>\s*/g)].map((m) => m[0]);
  const without = sheets.reduce((page, sheet) => page.replace(sheet, ''), html);
  return without.replace('</title>', `</title>\n    ${sheets.map((s) => s.trim()).join('\n    ')}`);
}

function pageHtml(
  template: string,
  pagePath: string,
  lang: Lang,
  markup: string,
  dictionary: string | undefined,
): string {
  const hoisted = splitHoisted(markup);
  const body = hoisted.body;
  // English and Tseltal come from their own chunk: fetched with the shell, not after it, so the
  // app takes the page over without waiting for a second round trip.
  const preload = dictionary ? `<link rel="modulepreload" crossorigin href="/${dictionary}">` : '';
  const head = preload + hoisted.head;
  const withLang = styleSheetsFirst(withoutBootSplash(withoutSessionHints(template))).replace(
    /<html lang="[^"]*">/,
    `<html lang="${HTML_LANG[lang]}">`,
  );
  const withHead = scriptsAfterPaint(withLang.replace('</head>', `${head}</head>`));
  const root = '<div id="root"></div>';
  if (!withHead.includes(root)) throw new Error('index.html has no empty #root to fill');
  return withHead.replace(
    root,
    `<div id="root" data-prerendered="${pagePath}" data-prerendered-lang="${lang}">${body}</div>`,
  );
}

export function prerenderPublicPages(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  /** Language → its dictionary's chunk (Spanish's shell part is in the shell itself). */
  const dictionaries = new Map<Lang, string>();
  return {
    name: 'comonsit-prerender',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const lang of LANGS) {
        if (lang === 'es') continue;
        const chunk = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(`/locales/${lang}.json`) === true,
        );
        if (chunk) dictionaries.set(lang, chunk.fileName);
      }
    },
    async closeBundle() {
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      writeFileSync(path.join(outDir, PUBLIC_SHELL_FILE), withoutSessionHints(template));
      const server = await createServer({
        root,
        configFile: path.join(root, 'vite.config.ts'),
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        logLevel: 'error',
      });
      try {
        const loaded: unknown = await server.ssrLoadModule('/src/app/prerender.tsx');
        if (!isRenderModule(loaded))
          throw new Error('src/app/prerender.tsx has no renderPublicPage');
        for (const lang of LANGS) {
          const dir = path.join(outDir, PRERENDERED_DIR, lang);
          mkdirSync(dir, { recursive: true });
          for (const [pagePath, file] of Object.entries(PRERENDERED_PAGES)) {
            const markup = await loaded.renderPublicPage(pagePath, lang);
            const html = pageHtml(template, pagePath, lang, markup, dictionaries.get(lang));
            writeFileSync(path.join(dir, file), html);
          }
        }
      } finally {
        await server.close();
      }
    },
  };
}
