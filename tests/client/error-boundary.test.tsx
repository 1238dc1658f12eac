import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '#app/error-boundary.tsx';
import { useSpanish } from '#tests/helpers/i18n-test';

beforeAll(useSpanish);

function Throws({ error }: { error: unknown }): never {
  throw error;
}

function renderFailing(error: unknown) {
  // React reports the caught error on the console; the boundary's message is what is asserted.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <ErrorBoundary>
      <Throws error={error} />
    </ErrorBoundary>,
  );
  quiet.mockRestore();
}

describe('ErrorBoundary', () => {
  it('says a screen whose code did not load is not on the phone yet, with a way back', () => {
    renderFailing(
      new TypeError('Failed to fetch dynamically imported module: http://x/assets/pagos.js'),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Esta pantalla aún no está en el teléfono');
    expect(alert.textContent).toContain('Se descarga cuando hay señal');
    expect(screen.getByRole('button', { name: 'Volver' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeTruthy();
    expect(alert.textContent).not.toContain('Algo salió mal');
  });

  it('tells any other crash apart, with only the reload', () => {
    renderFailing(new Error('boom'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Algo salió mal');
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Volver' })).toBeNull();
  });
});
