import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY, setLanguage, storedLanguage } from '#i18n/setup';
import { translateMessage } from '#i18n/translate-message';
import { msg } from '#domain/messages';
import { localeText, readLocale } from '#tests/helpers/locale-text';

const tz = readLocale('tz');
const es = readLocale('es');

beforeEach(async () => {
  await setLanguage('es');
  localStorage.clear();
});

describe('i18n setup', () => {
  it('starts in Spanish with the spec texts', () => {
    expect(i18n.t('auth.wrongCredentials')).toBe('Usuario o Clave incorrectos.');
    expect(document.documentElement.lang).toBe('es');
  });

  it('a choice is kept at once, before its dictionary has arrived: a reload then starts in it', async () => {
    const switching = setLanguage('en');
    // Still on its way: the page shows Spanish and says so…
    expect(document.documentElement.lang).toBe('es');
    expect(i18n.t('menu.logout')).not.toBe('Log out');
    // …but a reload now would start in English.
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.cookie).toContain('comonsit.lang=en');
    await switching;
    expect(document.documentElement.lang).toBe('en');
  });

  it('switching language changes the texts, <html lang> and is remembered', async () => {
    await setLanguage('en');
    expect(i18n.t('menu.logout')).toBe('Log out');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(storedLanguage()).toBe('en');

    await i18n.changeLanguage('tz'); // the UI kit's selector may call i18next directly
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('tz');
    expect(document.documentElement.lang).toBe('tzh');
  });

  it('a language change is also kept in a cookie, for the server to send its pages in it', async () => {
    await setLanguage('tz');
    expect(document.cookie).toContain('comonsit.lang=tz');
    await setLanguage('en');
    expect(document.cookie).toContain('comonsit.lang=en');
    expect(document.cookie).not.toContain('comonsit.lang=tz');
  });

  it('ignores a stored value that is not a language', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(storedLanguage()).toBe('es');
  });

  it('shows a pending Tseltal value as the Spanish text without the marker', async () => {
    expect(localeText(tz, 'auth.noResponse')).toBe('~Servidor No Responde'); // the fixture this test relies on
    await setLanguage('tz');
    expect(i18n.t('auth.noResponse')).toBe('Servidor No Responde');
    expect(i18n.t('app.greeting', { name: 'Ana' })).toBe('Hola, Ana');
    // A real Tseltal value is shown as it is.
    expect(i18n.t('language.tz')).toBe(localeText(tz, 'language.tz'));
  });
});

describe('translateMessage', () => {
  it('translates an encoded domain message with its values', () => {
    const text = translateMessage(i18n.t.bind(i18n), msg('validation.minLength', { n: 10 }));
    expect(text).toBe(localeText(es, 'validation.minLength').replace('{{n}}', '10'));
    expect(text).toBe('Deben ser al menos 10 caracteres');
  });

  it('passes a plain server sentence through unchanged', () => {
    expect(translateMessage(i18n.t.bind(i18n), 'El aval debe ser otro socio.')).toBe(
      'El aval debe ser otro socio.',
    );
  });

  it('follows the current language', async () => {
    await setLanguage('en');
    expect(translateMessage(i18n.t.bind(i18n), 'auth.wrongCredentials')).toBe(
      'Wrong username or password.',
    );
  });
});
