/**
 * The Tseltal number translator of the home screen (an integer 0 to
 * 60800000): the words appear as the number is typed, at the edges of the base-20 places
 * (19/20, 399/400) and of the range, and a number out of range or not whole gets the spec's
 * message under the field once "Traducir" is pressed, with no words shown.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TseltalTranslator } from '#features/inicio/tseltal-translator.tsx';
import { useSpanish } from '#tests/helpers/i18n-test';

const EMPTY = 'Escribe un número para verlo en tseltal.';

function setup() {
  const ui = userEvent.setup();
  render(<TseltalTranslator />);
  const field = screen.getByRole('textbox', { name: /^Número/ });
  const words = () => screen.getByTestId('tseltal-words').textContent;
  async function type(value: string) {
    await ui.clear(field);
    if (value !== '') await ui.type(field, value);
  }
  return { ui, field, words, type };
}

beforeEach(async () => {
  await useSpanish();
});

describe('Tseltal number translator', () => {
  it.each([
    ['0', "Ma'yuc"],
    ['19', 'balunlajuneb'],
    ['20', 'jtahb'],
    ['399', "balunlajuneb sbahc'al"],
    ['400', "jbahc'"],
    ['60800000', 'balunlajunmam'],
  ])('%s is written %s', async (number, expected) => {
    const { words, type } = setup();
    expect(words()).toBe(EMPTY);
    await type(number);
    expect(words()).toBe(expected);
    expect(screen.getByTestId('tseltal-words').querySelector('[lang="tzh"]')).not.toBeNull();
  });

  it.each([
    ['60800001', 'el número debe ser menor a 60800000'],
    ['-1', 'Debe ser un número entero'],
    ['2.5', 'Debe ser un número entero'],
    ['doce', 'Debe ser un número entero'],
    ['', 'Se requiere un número'],
  ])('"%s" is refused with "%s"', async (value, message) => {
    const { ui, words, type, field } = setup();
    await type(value);
    expect(words()).toBe(EMPTY);
    await ui.click(screen.getByRole('button', { name: 'Traducir' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(words()).toBe(EMPTY);
  });

  it('a corrected number replaces the message with its words', async () => {
    const { ui, words, type } = setup();
    await type('70000000');
    await ui.click(screen.getByRole('button', { name: 'Traducir' }));
    await screen.findByText('el número debe ser menor a 60800000');
    await type('21');
    expect(words()).toBe("jun scha'winic");
    expect(screen.queryByText('el número debe ser menor a 60800000')).toBeNull();
  });
});
