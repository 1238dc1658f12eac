/** Registering a phone's receipt device code, as the phone does before it sends receipts. */
import type { TestApp } from '#tests/helpers/server-app';

export const RECEIPT_DEVICES_URL = '/api/recibos/dispositivos/';

/** `username` registers `codigo` for itself; throws unless the server accepted it. */
export async function registerReceiptDevice(
  t: TestApp,
  username: string,
  codigo: string,
): Promise<void> {
  const res = await t.as(username, {
    method: 'POST',
    url: RECEIPT_DEVICES_URL,
    payload: { codigo },
  });
  if (res.statusCode !== 200)
    throw new Error(`registering ${codigo} for ${username}: ${res.statusCode} ${res.body}`);
}
