/**
 * Keyboard helpers of the UI kit: the tablist's arrow keys (tab-keys.ts) and the scrolling box
 * a keyboard can reach (scroll-region.tsx).
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { onTabListKeyDown } from '#ui/tab-keys.ts';
import { ScrollRegion } from '#ui/scroll-region.tsx';

function Tabs() {
  const [tab, setTab] = useState('a');
  return (
    <>
      <button type="button">Antes</button>
      <div role="tablist" aria-label="Vistas" onKeyDown={onTabListKeyDown}>
        {['a', 'b', 'c'].map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
          >
            {`Vista ${id}`}
          </button>
        ))}
      </div>
      <p data-testid="shown">{tab}</p>
      <button type="button">Después</button>
    </>
  );
}

describe('onTabListKeyDown', () => {
  it('Tab enters on the selected tab; arrows, Home and End move and select; Tab leaves', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    screen.getByRole('button', { name: 'Antes' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Vista a' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Vista b' }));
    expect(screen.getByTestId('shown').textContent).toBe('b');
    await user.keyboard('{End}');
    expect(screen.getByTestId('shown').textContent).toBe('c');
    await user.keyboard('{ArrowRight}'); // wraps to the first
    expect(screen.getByTestId('shown').textContent).toBe('a');
    await user.keyboard('{ArrowLeft}'); // and back to the last
    expect(screen.getByTestId('shown').textContent).toBe('c');
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Vista a' }));
    expect(screen.getByRole('tab', { name: 'Vista a' }).getAttribute('aria-selected')).toBe('true');
    await user.tab(); // the other tabs are no Tab stops
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Después' }));
  });
});

describe('ScrollRegion', () => {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
  let overflowing = true;
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get() {
      return overflowing ? 500 : 0;
    },
  });
  afterEach(() => {
    overflowing = true;
  });
  afterAll(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', original);
  });

  it('a box that overflows without controls is a named Tab stop', () => {
    render(
      <ScrollRegion className="wide" label="Historial">
        <table>
          <tbody>
            <tr>
              <td>1</td>
            </tr>
          </tbody>
        </table>
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'Historial' });
    expect(region.getAttribute('tabindex')).toBe('0');
  });

  it('a box that fits, or holds controls, adds no Tab stop; its content is watched', async () => {
    overflowing = false;
    const { rerender } = render(
      <ScrollRegion className="wide" label="Lista">
        <p>corto</p>
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'Lista' });
    expect(region.hasAttribute('tabindex')).toBe(false);
    overflowing = true;
    rerender(
      <ScrollRegion className="wide" label="Lista">
        <button type="button">Abrir</button>
      </ScrollRegion>,
    );
    // The content changes are seen by the box's mutation observer.
    await act(async () => {
      await Promise.resolve();
    });
    expect(region.hasAttribute('tabindex')).toBe(false);
    rerender(
      <ScrollRegion className="wide" label="Lista">
        <p>largo</p>
      </ScrollRegion>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(region.getAttribute('tabindex')).toBe('0');
  });
});
