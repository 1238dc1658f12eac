/** Boot: styles, i18n, session restore, then the app (service worker via the update prompt). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import '#ui/styles.css';
import '#app/app.css';
import { i18n } from '#i18n/setup';
import { bootApp } from '#app/boot.ts';
import { App } from '#app/app.tsx';

bootApp();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App />
    </I18nextProvider>
  </StrictMode>,
);
