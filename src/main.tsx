/**
 * Boot: styles, i18n, session restore, then the app (service worker via the update prompt).
 * A page the build prerendered is hydrated — the app takes over the HTML already on
 * screen, typed text included — when the app would draw that same page: a visitor with no
 * session, in the page's language. Otherwise the app draws itself from scratch.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import '#ui/styles.css';
import '#app/app.css';
import { i18n } from '#i18n/setup';
import { isLoggedIn } from '#api/session-store';
import { bootApp } from '#app/boot.ts';
import { App } from '#app/app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const restoring = bootApp();

const app = (
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App />
    </I18nextProvider>
  </StrictMode>
);

// The language asked for, which may still be loading (then the page stays as drawn meanwhile).
const startLang = i18n.language;
const hydrates =
  root.dataset.prerendered === window.location.pathname &&
  !isLoggedIn() &&
  startLang === root.dataset.prerenderedLang;

const draw = () => {
  root.replaceChildren();
  createRoot(root).render(app);
};

if (hydrates) hydrateRoot(root, app);
// A stored session: the first draw waits until the opening screen can be drawn (the private
// side, the screen and the user's replica are on their way) — drawing the shell's spinner
// first cost a cheap phone a render and a commit of the whole shell on the path to its home
// (cold start). index.html's splash shows meanwhile.
else if (restoring) void restoring.then(draw);
else draw();
