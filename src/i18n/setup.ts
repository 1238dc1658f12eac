/**
 * i18next + react-i18next for the PWA: es (default and fallback), en, tz. The chosen language
 * is remembered in localStorage and mirrored on `<html lang>` so screen readers and the
 * browser's hyphenation follow it.
 */
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGS, type Lang } from '#domain/codes';
import { pendingTseltal, withoutPending } from './pending-tseltal';
import { contextCapture } from './context-capture';
import { loadDictionary, resources } from './resources';
import { isOneOf } from '#domain/guards';
import { HTML_LANG, LANGUAGE_COOKIE } from '#domain/prerendered-pages';

export const LANGUAGE_STORAGE_KEY = 'comonsit.lang';

export function isLang(value: unknown): value is Lang {
  return isOneOf(LANGS, value);
}

/** The language chosen on this device, if any (null in private mode or full storage too). */
function readStoredLanguage(): Lang | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLang(value) ? value : null;
  } catch {
    return null;
  }
}

export function storedLanguage(): Lang {
  return readStoredLanguage() ?? DEFAULT_LANG;
}

/**
 * The language to start in: the stored choice, else the one the server picked for a
 * prerendered page (from the browser's languages), so the app takes the page over in the
 * language it was drawn in.
 */
function startLanguage(): Lang {
  const stored = readStoredLanguage();
  if (stored) return stored;
  const prerendered =
    typeof document === 'undefined'
      ? undefined
      : document.getElementById('root')?.dataset.prerenderedLang;
  return isLang(prerendered) ? prerendered : DEFAULT_LANG;
}

function markDocument(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

/** Kept for the next start: on the phone, and in the cookie the server reads. */
function keepChoice(lang: Lang): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode or full storage: the choice lasts for this page only.
  }
  tellServer(lang);
}

function remember(lang: Lang): void {
  keepChoice(lang);
  markDocument(lang);
}

/** The server reads the choice from a cookie to send its prerendered pages in it. */
function tellServer(lang: Lang): void {
  if (typeof document !== 'undefined')
    document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Languages other than the bundled Spanish come from their own chunk: i18next asks for one
 * when it is chosen (or stored), and `changeLanguage` resolves once it is there. Until then a
 * stored English or Tseltal start shows nothing rather than flash Spanish (react-i18next waits).
 */
const lazyLanguages: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, _namespace, callback) {
    loadDictionary(language).then(
      (dictionary) => callback(null, language === 'tz' ? withoutPending(dictionary) : dictionary),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

i18n
  .use(initReactI18next)
  .use(pendingTseltal)
  .use(contextCapture)
  .use(lazyLanguages)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: startLanguage(),
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    postProcess: [pendingTseltal.name, contextCapture.name],
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false,
  })
  .catch((error: unknown) => {
    console.error('i18n init failed', error);
  });

// Whoever changes the language (our setLanguage or i18n.changeLanguage directly), persist it.
i18n.on('languageChanged', (lng) => {
  if (isLang(lng)) remember(lng);
});
// The language asked for, even while its dictionary is still on its way.
markDocument(isLang(i18n.language) ? i18n.language : currentLanguage());
// A choice stored before the cookie existed reaches the server from the next visit on.
const storedAtStart = readStoredLanguage();
if (storedAtStart) tellServer(storedAtStart);

export function currentLanguage(): Lang {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLang(lng) ? lng : DEFAULT_LANG;
}

export async function setLanguage(lang: Lang): Promise<void> {
  // Kept before its dictionary arrives (on a slow phone that takes a while): a reload in
  // between starts in the chosen language. <html lang> follows once the texts do.
  keepChoice(lang);
  await i18n.changeLanguage(lang);
}

let fullSpanish: Promise<void> | undefined;

/**
 * Adds the rest of the Spanish dictionary (every area's strings) to the shell's part. Screens
 * wait for it before they render (src/app/screens.tsx); it is fetched once, and a failure is
 * forgotten so the next screen tries again.
 */
export function ensureFullDictionary(): Promise<void> {
  fullSpanish ??= loadDictionary(DEFAULT_LANG).then(
    (dictionary) => {
      i18n.addResourceBundle(DEFAULT_LANG, 'translation', dictionary, true, false);
    },
    (error: unknown) => {
      fullSpanish = undefined;
      throw error;
    },
  );
  return fullSpanish;
}
