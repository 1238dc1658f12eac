/**
 * The public pages the build renders to HTML, shared by the build's prerender
 * (scripts/vite-prerender.ts), the server that picks one per language (server/http/static-pwa)
 * and the browser that hydrates it (src/main.tsx).
 */
import { LANGS, type Lang } from './codes';
import { isOneOf } from './guards';

/** Route path → its file under `dist/prerendered/<lang>/`. */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'index.html',
  '/acceso': 'acceso.html',
};

export const PRERENDERED_DIR = 'prerendered';

/**
 * The app shell without the session start's hints (scripts/vite-shell-chunk.ts), for the public
 * routes the build does not render: a visitor with no session reading "Conócenos" must not
 * download the private side of the app for it. Every other route gets the plain index.html.
 */
export const PUBLIC_SHELL_FILE = 'public.html';

/** Mirrors the chosen language for the server, which cannot read the phone's storage. */
export const LANGUAGE_COOKIE = 'comonsit.lang';

/** BCP 47 tag for `<html lang>`: the app's code `tz` is Tseltal, ISO 639-3 `tzh`. */
export const HTML_LANG: Readonly<Record<Lang, string>> = { es: 'es', en: 'en', tz: 'tzh' };

/** The language a `Cookie` header names in `LANGUAGE_COOKIE`, if it is one of ours. */
export function langOfCookieHeader(header: string | undefined): Lang | null {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isOneOf(LANGS, value)) return value;
  }
  return null;
}

/**
 * A prerendered page's scripts start only after its first paint: on a slow link the
 * style sheet then has the connection to itself, and the page shows sooner; the form works
 * meanwhile, and what is typed before the app takes over is kept. The page lists them, the app's
 * entry first, in a `<meta name=AFTER_PAINT_META>`; AFTER_PAINT_SCRIPT (inline, allowed by its
 * hash in the server's CSP, so its text never varies) adds them once the browser reports the
 * first contentful paint (where it cannot, two frames after the first).
 * Until the app owns a field, the script keeps what is typed into it (`window[TYPED_GLOBAL]`,
 * by field name): the app's forms start from it, and take it again once mounted, for text typed
 * while the app was taking the page over. A form sent before the app has taken it over is held,
 * not sent: the script notes its action in `<html HELD_SUBMIT_ATTRIBUTE>` and starts the app at
 * once, and the app sends it with what was typed (a login tapped a moment too early is not lost).
 */
export const AFTER_PAINT_META = 'comonsit-after-paint';

export const HELD_SUBMIT_ATTRIBUTE = 'data-held-submit';

export const TYPED_GLOBAL = '__comonsitTyped';

// A template literal, not a call: the app does not use it, and the bundler drops it from there.
export const AFTER_PAINT_SCRIPT = `(function () {
  var started = false;
  var start = function () {
    var meta = document.querySelector('meta[name="${AFTER_PAINT_META}"]');
    if (started || !meta) return;
    started = true;
    var urls = meta.content.split(' ');
    for (var i = urls.length - 1; i >= 0; i -= 1) {
      var el = document.createElement(i === 0 ? 'script' : 'link');
      if (i === 0) { el.type = 'module'; el.src = urls[i]; }
      else { el.rel = 'modulepreload'; el.href = urls[i]; }
      el.crossOrigin = '';
      document.head.appendChild(el);
    }
  };
  var owned = function (el) {
    var keys = Object.keys(el);
    for (var i = 0; i < keys.length; i += 1) if (keys[i].indexOf('__reactFiber') === 0) return true;
    return false;
  };
  var typed = window.${TYPED_GLOBAL} = {};
  document.addEventListener('input', function (event) {
    var field = event.target;
    if (field.name && !owned(field)) typed[field.name] = field.value;
  }, true);
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (owned(form)) return;
    event.preventDefault();
    document.documentElement.setAttribute('${HELD_SUBMIT_ATTRIBUTE}', form.getAttribute('action') || '');
    start();
  }, true);
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (paints && paints.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () { requestAnimationFrame(start); });
  }
})();`;
