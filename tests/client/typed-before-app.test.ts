/**
 * What a visitor typed into the prerendered login before the app's script arrived
 * is what the app's form starts with; a field the app drew itself never counts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { typedBeforeApp } from '#ui/typed-before-app.ts';

function page(prerendered: boolean): HTMLInputElement {
  document.body.innerHTML = `<div id="root"${prerendered ? ' data-prerendered="/acceso"' : ''}>
    <form><input name="username"><input name="password" type="password"></form></div>`;
  const input = document.querySelector<HTMLInputElement>('input[name="username"]')!;
  input.value = 'promotor';
  document.querySelector<HTMLInputElement>('input[name="password"]')!.value = 'secreta';
  return input;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('typedBeforeApp', () => {
  it('reads what was typed into the prerendered page', () => {
    page(true);
    expect(typedBeforeApp('username')).toBe('promotor');
    expect(typedBeforeApp('password')).toBe('secreta');
    expect(typedBeforeApp('missing')).toBe('');
  });

  it('is empty where the page was not prerendered', () => {
    page(false);
    expect(typedBeforeApp('username')).toBe('');
  });

  it('is empty for a field React already owns (a login drawn later by the app)', () => {
    const input = page(true);
    Object.assign(input, { __reactFiber$abc: {} });
    expect(typedBeforeApp('username')).toBe('');
  });
});
