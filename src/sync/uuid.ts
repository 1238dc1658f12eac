/**
 * UUID version 7 (RFC 9562 §5.7): 48-bit big-endian Unix milliseconds, version nibble 7,
 * 12 random bits, variant 0b10, 62 random bits. Mutation ids sort by capture time, which keeps
 * server-side idempotency indexes and logs in order, and they need no coordination.
 */
import { present } from '#domain/guards';

function randomBytes(count: number): Uint8Array {
  const bytes = new Uint8Array(count);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

/** A new UUID v7 for the instant `ms` (default: now). */
export function uuidv7(ms: number = Date.now()): string {
  const bytes = randomBytes(16);
  // 48-bit timestamp, most significant byte first. Division, not shifts: JS shifts are 32-bit.
  let time = Math.max(0, Math.floor(ms));
  for (let i = 5; i >= 0; i -= 1) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = 0x70 | (present(bytes[6], 'byte 6') & 0x0f);
  bytes[8] = 0x80 | (present(bytes[8], 'byte 8') & 0x3f);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const UUID_V7_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The millisecond timestamp a UUID v7 carries. */
export function uuidv7Time(id: string): number {
  const hex = id.replace(/-/g, '').slice(0, 12);
  return parseInt(hex, 16);
}
