/**
 * A new app version while items are pending: "Actualizar" waits for the
 * item on its way to the server, sends nothing more, and the prompt tells the user the queue
 * stays saved. (The service-worker switch itself is proven in Chromium: faults.e2e.test.ts.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { enqueue } from '#sync/commands';
import { outboxItems } from '#sync/queries';
import { login } from '#app/session.ts';
import { updateAfterSending } from '#app/update-after-sending.ts';
import { UpdatePromptView } from '#app/update-prompt-view.tsx';
import { profileRecordId } from '#commands/perfil';
import { useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch, json, meAnswer } from './api-fake-fetch';
import { freshDevice, serverHandlers } from './sync-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await freshDevice();
});

describe('update prompt with a queue', () => {
  it('says the pending items stay saved through the update', () => {
    render(<UpdatePromptView visible pending={3} onUpdate={vi.fn()} onLater={vi.fn()} />);
    expect(screen.getByTestId('update-prompt-note').textContent).toBe(
      'Lo pendiente de enviar (3) se queda guardado y se enviará después de actualizar.',
    );
  });

  it('after "Actualizar" during a send: says it is finishing, no second press, no "later"', async () => {
    const onUpdate = vi.fn();
    const { rerender } = render(
      <UpdatePromptView visible pending={2} onUpdate={onUpdate} onLater={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(onUpdate).toHaveBeenCalledTimes(1);
    rerender(
      <UpdatePromptView
        visible
        pending={2}
        updating
        waitingForSend
        onUpdate={onUpdate}
        onLater={vi.fn()}
      />,
    );
    expect(screen.getByTestId('update-prompt-note').textContent).toBe(
      'Terminando de enviar un registro; la aplicación se actualizará enseguida.',
    );
    expect(screen.getByRole('button', { name: 'Actualizar' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Después' })).toBeNull();
  });

  it('no note with an empty queue', () => {
    render(<UpdatePromptView visible onUpdate={vi.fn()} onLater={vi.fn()} />);
    expect(screen.queryByTestId('update-prompt-note')).toBeNull();
  });
});

describe('updating while the outbox is being sent', () => {
  it('activates the new version only after the item on the wire is answered; the rest stays queued', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const api = installFakeFetch(
      serverHandlers('PR', {
        'PATCH /api/users/me.json': async (request) => {
          await held;
          return json({ ...meAnswer('PR'), ...(request.body as object) });
        },
      }),
    );
    await login({ username: 'promotor', password: 'comonsit-demo' });
    const first = await enqueue(
      'profile.update',
      { patch: { phone: '9191111111' }, before: { phone: '' } },
      { recordId: profileRecordId(3) },
    );
    const second = await enqueue(
      'profile.update',
      { patch: { phone: '9192222222' }, before: { phone: '9191111111' } },
      { recordId: profileRecordId(3) },
    );
    await waitFor(() => expect(api.calls('PATCH', '/api/users/me.json')).toHaveLength(1));

    const statusOf = async (id: string) => (await outboxItems()).find((r) => r.id === id)?.status;
    // What the outbox says when the new version is activated: the item's answer is recorded.
    const statusWhenActivated: (string | undefined)[] = [];
    const activate = vi.fn(async () => {
      statusWhenActivated.push(await statusOf(first.mutationId));
    });
    const resumed = vi.fn();
    const updating = updateAfterSending(activate, { resumeAfterMs: 200, onResumed: resumed });
    // The item is on the wire, its answer held back (a read of the outbox after the update began).
    expect(await statusOf(first.mutationId)).toBe('sending');
    expect(activate).not.toHaveBeenCalled();

    answer();
    await updating;
    expect(statusWhenActivated).toEqual(['done']);
    const rows = await outboxItems();
    expect(rows.find((r) => r.id === first.mutationId)?.status).toBe('done');
    expect(rows.find((r) => r.id === second.mutationId)?.status).toBe('pending');
    expect(api.calls('PATCH', '/api/users/me.json')).toHaveLength(1);

    // The page was not replaced after all (no new worker took over): syncing resumes.
    await waitFor(
      async () =>
        expect((await outboxItems()).find((r) => r.id === second.mutationId)?.status).toBe('done'),
      { timeout: 4000 },
    );
    expect(api.calls('PATCH', '/api/users/me.json')).toHaveLength(2);
    expect(resumed).toHaveBeenCalledTimes(1);
  });
});
