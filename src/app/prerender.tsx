/**
 * The public pages as HTML at build time: the same App tree the browser renders,
 * through a memory router at the page's path, in one language, with every lazy screen waited
 * for (`react-dom/static`). scripts/prerender.ts writes the markup into the built index.html;
 * the browser hydrates it (src/main.tsx) so the text and the login form paint before any script.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter } from 'react-router-dom';
import type { Lang } from '#domain/codes';
import { i18n } from '#i18n/setup';
import { App } from '#app/app.tsx';
import { appRoutes } from '#app/router.tsx';

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    html += decoder.decode(value, { stream: true });
  }
  return html + decoder.decode();
}

/** The markup of `path` in `lang`, as the browser's first render would draw it. */
export async function renderPublicPage(path: string, lang: Lang): Promise<string> {
  // As in the browser: Spanish from the shell's strings, another language from its dictionary.
  await i18n.changeLanguage(lang);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App router={router} />
      </I18nextProvider>
    </StrictMode>,
  );
  return readAll(prelude);
}
