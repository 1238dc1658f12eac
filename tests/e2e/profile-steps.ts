/**
 * The profile edit the sync and fault journeys send through the queue: open the profile as a
 * person would, change the phone number, and read back what the server counted and stored.
 */
import type { Page } from 'playwright-core';
import { apiToken } from './helpers';

/** In-app navigation to the profile (the user's name in the menu), as a person would. */
export async function openProfile(page: Page): Promise<void> {
  // Phones open the drawer; from 1024 px the side menu is always there.
  const toggle = page.getByTestId('drawer-toggle');
  if (await toggle.isVisible()) await toggle.click();
  await page.locator('#side-menu a.user-name').click();
  await page.locator('input[name="phone"]').waitFor();
}

/** Types a phone number and confirms the send (the profile form is open). */
export async function submitPhone(page: Page, phone: string): Promise<void> {
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByTestId('profile-save').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, enviar' }).click();
}

/** Opens the profile, sends a new phone number without signal, and waits until it is queued. */
export async function editPhoneOffline(page: Page, phone: string): Promise<void> {
  await openProfile(page);
  await submitPhone(page, phone);
  await page
    .getByTestId('profile-status')
    .filter({ hasText: 'se enviará al conectarse' })
    .waitFor();
}

/** Accepted 'profile.update' writes the server received today from `username`. */
export async function profileUpdatesReceived(baseURL: string, username: string): Promise<number> {
  const access = await apiToken(baseURL, 'coordinador');
  const activity = await fetch(`${baseURL}/api/sync/field-activity/`, {
    headers: { Authorization: `Bearer ${access}` },
  }).then(
    (r) => r.json() as Promise<{ users: { username: string; today: Record<string, number> }[] }>,
  );
  return activity.users.find((u) => u.username === username)?.today['profile.update'] ?? 0;
}

/** The phone number the server holds for `username`. */
export async function serverPhone(baseURL: string, username: string): Promise<string> {
  const me = await fetch(`${baseURL}/api/users/me.json`, {
    headers: { Authorization: `Bearer ${await apiToken(baseURL, username)}` },
  }).then((r) => r.json() as Promise<{ phone: string }>);
  return me.phone;
}
