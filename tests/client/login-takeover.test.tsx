/**
 * The prerendered login before and while the app takes it over. The page's own inline
 * script (AFTER_PAINT_SCRIPT, run here as the page runs it) keeps what is typed into fields the
 * app does not own yet and holds a send; the app's login form then starts from that text and
 * sends the held login once — nothing typed or tapped is lost.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import '#i18n/setup';
import { AFTER_PAINT_SCRIPT, HELD_SUBMIT_ATTRIBUTE, TYPED_GLOBAL } from '#domain/prerendered-pages';
import { LoginScreen } from '#features/publico/login-screen.tsx';

/** The prerendered page: its form, and its inline script as the browser runs it. */
function prerenderedPage(): HTMLFormElement {
  document.body.innerHTML = `<div id="page-root" data-prerendered="/acceso">
    <form method="post" action="/acceso"><input name="username"><input name="password" type="password">
    <button type="submit">Entrar</button></form></div>`;
  // Its root is the app's #root only by id; the app renders elsewhere in this test.
  document.getElementById('page-root')!.id = 'root';
  vi.stubGlobal('requestAnimationFrame', () => 0);
  window.eval(AFTER_PAINT_SCRIPT);
  return document.querySelector('form')!;
}

function type(name: string, value: string): void {
  const input = document.querySelector<HTMLInputElement>(`#root input[name="${name}"]`)!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

let submitted: Event[] = [];
const onSubmitNative = (event: Event) => submitted.push(event);

beforeEach(() => {
  submitted = [];
  document.addEventListener('submit', onSubmitNative);
});
afterEach(() => {
  document.removeEventListener('submit', onSubmitNative);
  document.documentElement.removeAttribute(HELD_SUBMIT_ATTRIBUTE);
  Reflect.deleteProperty(window, TYPED_GLOBAL);
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function renderLogin(onLogin: (values: { username: string; password: string }) => Promise<void>) {
  const container = document.body.appendChild(document.createElement('div'));
  return render(
    <MemoryRouter>
      <LoginScreen onLogin={onLogin} />
    </MemoryRouter>,
    { container },
  );
}

describe('the prerendered login while the app takes it over', () => {
  it('a send before the app is held (no post), then sent once by the app with what was typed', async () => {
    const form = prerenderedPage();
    type('username', 'promotor');
    type('password', 'secreta');
    form.requestSubmit();
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.defaultPrevented).toBe(true);
    expect(document.documentElement.getAttribute(HELD_SUBMIT_ATTRIBUTE)).toBe('/acceso');

    const onLogin = vi.fn(() => Promise.resolve());
    renderLogin(onLogin);
    await waitFor(() => expect(onLogin).toHaveBeenCalledTimes(1));
    expect(onLogin).toHaveBeenCalledWith({ username: 'promotor', password: 'secreta' });
    expect(document.documentElement.hasAttribute(HELD_SUBMIT_ATTRIBUTE)).toBe(false);
  });

  it('text typed before the app shows in its form; nothing is sent without a tap', async () => {
    prerenderedPage();
    type('username', 'coordinador');
    type('password', 'antes');
    const onLogin = vi.fn(() => Promise.resolve());
    const app = renderLogin(onLogin);
    const username = await app.findByRole('textbox', { name: /Usuario/ });
    expect(username).toHaveProperty('value', 'coordinador');
    // A send of its own would go out with the password typed before the app; the user's tap
    // goes out with the one typed after. The first send seen must be the tap's.
    fireEvent.input(app.getByLabelText(/Clave/), { target: { value: 'despues' } });
    fireEvent.click(app.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(onLogin).toHaveBeenCalled());
    expect(onLogin.mock.calls).toEqual([[{ username: 'coordinador', password: 'despues' }]]);
  });

  it('a form the app owns is not held: its own handler decides', () => {
    const form = prerenderedPage();
    Object.assign(form, { __reactFiber$test: {} });
    form.requestSubmit();
    expect(submitted[0]!.defaultPrevented).toBe(false);
    expect(document.documentElement.hasAttribute(HELD_SUBMIT_ATTRIBUTE)).toBe(false);
  });
});
