import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { UpdatePromptView } from '#app/update-prompt-view.tsx';

// The service-worker hook (virtual:pwa-register/react) exists only in a Vite build; the view
// it drives is tested here, the build and the browser check cover the wiring.
describe('update prompt', () => {
  it('shows nothing while no new version waits', () => {
    render(<UpdatePromptView visible={false} onUpdate={vi.fn()} onLater={vi.fn()} />);
    expect(screen.queryByText('Nueva versión disponible')).toBeNull();
  });

  it('offers the update and only updates when asked', async () => {
    const onUpdate = vi.fn();
    render(<UpdatePromptView visible onUpdate={onUpdate} onLater={vi.fn()} />);
    expect(screen.getByText('Nueva versión disponible')).toBeTruthy();
    expect(onUpdate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('"later" dismisses without updating', async () => {
    const onUpdate = vi.fn();
    const onLater = vi.fn();
    render(<UpdatePromptView visible onUpdate={onUpdate} onLater={onLater} />);
    await userEvent.click(screen.getByRole('button', { name: 'Después' }));
    expect(onLater).toHaveBeenCalledTimes(1);
    expect(onUpdate).not.toHaveBeenCalled();
  });
});
