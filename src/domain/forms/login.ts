/** Login form: username required and alphanumeric; password required. */
import * as z from 'zod';
import { requiredText } from '#domain/rules';

export const loginSchema = z.object({
  username: requiredText({ alnum: true, max: 150 }),
  // Checked on the trimmed text but sent as typed: spaces may be part of a password.
  password: requiredText({ raw: true, max: 128 }),
  // This device's token from an earlier login of the user (server/auth/login-limiter.ts).
  device: z.string().max(2048).optional(),
});

export type LoginInput = z.input<typeof loginSchema>;
export type LoginValues = z.output<typeof loginSchema>;
