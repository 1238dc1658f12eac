import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { shellLocale } from './scripts/vite-shell-locale.ts';
import { prerenderPublicPages } from './scripts/vite-prerender.ts';
import { sessionStartPreload, startChunkName, compileHint } from './scripts/vite-shell-chunk.ts';
import { rolePrecache } from './scripts/vite-role-precache.ts';
import { precompress } from './scripts/vite-precompress.ts';

const byRole = rolePrecache();

// The PWA is built into dist/ and served by the API server (server/main.ts).
// In development `npm run dev` runs the API on :8080 and Vite proxies /api to it.
export default defineConfig({
  plugins: [
    shellLocale(),
    react(),
    sessionStartPreload(),
    compileHint(),
    prerenderPublicPages(),
    byRole.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // The prerendered public pages and the public shell are for a first visit; offline the app
        // renders itself.
        globIgnores: ['prerendered/**', 'public.html'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Each role's screens are cached when one of its users logs in (precache-roles.json).
        manifestTransforms: [byRole.manifestTransform],
      },
      manifest: {
        id: '/',
        name: 'Comon Sit — Cooperativa',
        short_name: 'Comon Sit',
        description:
          'Créditos, acopios, pagos y aportaciones de la cooperativa, también sin señal.',
        lang: 'es',
        start_url: '/inicio',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#1f5130',
        background_color: '#f7f5ef',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: startChunkName(import.meta.dirname),
              debugName: 'start',
              // Each module goes where the name says: the private group must not pull shell modules in.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
