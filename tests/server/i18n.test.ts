import { describe, expect, it } from 'vitest';
import { msg } from '#domain/messages';
import { createTranslator, loadTranslator, pickLanguage } from '#server/i18n';
import { normaliseApiUrl } from '#server/http/url';
import { cspSource } from '#server/http/security';

describe('pickLanguage', () => {
  it.each([
    [undefined, 'es'],
    ['', 'es'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'en'],
    ['tz', 'tz'],
    ['de, es;q=0.1, en;q=0.5', 'en'],
    ['en;q=0, tz', 'tz'],
    ['*', 'es'],
  ])('%s → %s', (header, lang) => {
    expect(pickLanguage(header)).toBe(lang);
  });
});

describe('translator', () => {
  const tr = createTranslator({
    es: { server: { a: 'Hola {{name}}', b: 'Solo español' } },
    en: { server: { a: 'Hello {{name}}' } },
    tz: { server: { a: '~Hola {{name}}' } },
  });
  it('interpolates, strips the pending-Tseltal marker and falls back to Spanish', () => {
    expect(tr.message('en', msg('server.a', { name: 'Ana' }))).toBe('Hello Ana');
    expect(tr.message('tz', msg('server.a', { name: 'Ana' }))).toBe('Hola Ana');
    expect(tr.message('en', msg('server.b'))).toBe('Solo español');
  });
  it('names a code by its label, never the code itself (docs/architecture.md#errors)', () => {
    const real = loadTranslator();
    const notPending = msg('server.credits.notPending', { id: 136, estatus: 'PA' });
    expect(real.message('es', notPending)).toBe(
      'El crédito 136 no tiene deuda pendiente (estatus Pagado).',
    );
    expect(real.message('en', notPending)).toBe('Loan 136 has no pending debt (status Paid).');
    const inactive = msg('server.deliveries.memberInactive', { clave: 5, proceso: 'CF' });
    expect(real.message('es', inactive)).toBe('El socio 5 no está activo en el proceso Café.');
    // A Tseltal label still pending shows as its Spanish text, without the marker.
    expect(real.message('tz', inactive)).not.toContain('~');
  });

  it('leaves plain text and unknown keys as they are', () => {
    expect(tr.message('es', 'Ya traducido.')).toBe('Ya traducido.');
    expect(tr.message('es', 'server.unknown')).toBe('server.unknown');
  });
  it('the real locales have every server key in all three languages', () => {
    const real = loadTranslator();
    for (const key of [
      'server.auth.invalidCredentials',
      'server.body.notObject',
      'server.http.notFound',
    ]) {
      for (const lang of ['es', 'en', 'tz'] as const) {
        const text = real.t(lang, key);
        expect(text).not.toBe(key);
        expect(text.startsWith('~')).toBe(false);
      }
    }
  });
});

describe('normaliseApiUrl', () => {
  it.each([
    ['/api/users/me.json', '/api/users/me'],
    ['/api/users/me/', '/api/users/me'],
    ['/api/users/me', '/api/users/me'],
    ['/api/regiones.json?x=1', '/api/regiones?x=1'],
    ['/api/registros-contables.json/?a=b', '/api/registros-contables?a=b'],
    ['/api/', '/api'],
    ['/socios/', '/socios/'],
    ['/assets/app.json', '/assets/app.json'],
  ])('%s → %s', (url, expected) => {
    expect(normaliseApiUrl(url)).toBe(expected);
  });
});

describe('cspSource', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.example.org/{z}/{x}/{y}.png', 'https://*.tile.example.org'],
    ['http://localhost:8081/tiles/{z}/{x}/{y}', 'http://localhost:8081'],
    ['https://user:pw@host.example/x', 'https://host.example'],
    ['javascript:alert(1)', null],
    ["https://evil.example; script-src 'unsafe-inline'", null],
    [null, null],
  ])('%s → %s', (url, expected) => {
    expect(cspSource(url)).toBe(expected);
  });
});
