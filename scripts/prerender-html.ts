/**
 * HTML rewriting of the prerendered pages kept apart from the Vite plugin
 * (scripts/vite-prerender.ts) so the server's CSP test can check it without loading Vite.
 */
import { AFTER_PAINT_META, AFTER_PAINT_SCRIPT } from '../src/domain/prerendered-pages.ts';

/**
 * The page's module script and module preloads leave the head for AFTER_PAINT_SCRIPT (see
 * `#domain/prerendered-pages`): named in its meta, the entry first, they are asked for once the
 * page has painted.
 */
export function scriptsAfterPaint(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('index.html has no module script to start after the first paint');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const urls = [entry[1]!, ...preloads.map((m) => m[1]!)];
  const without = [entry[0], ...preloads.map((m) => m[0])].reduce(
    (page, tag) => page.replace(tag, ''),
    html,
  );
  return without
    .replace('</head>', `<meta name="${AFTER_PAINT_META}" content="${urls.join(' ')}"></head>`)
    .replace('</body>', `<script>${AFTER_PAINT_SCRIPT}</script>\n  </body>`);
}
