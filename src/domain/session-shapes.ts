/**
 * The session as the API answers it: the token pair, the refresh answer and
 * `users/me`. Apart from reference-shapes.ts because a start with a stored session reads the
 * user with these and builds no other schema.
 */
import * as z from 'zod';
import type { Me, RefreshAnswer, TokenPair } from './entities';
import { ROLES } from './roles';

const id = z.number().int();

/** A text the source data may lack (null): it reads as ''. */
export const textOrEmpty = z.preprocess((value) => (value === null ? '' : value), z.string());

/**
 * POST /token/: {access, refresh, localId, device}. `device` is this device's token for the
 * user: sent with its next logins, failures from elsewhere do not lock it out.
 */
export const tokenPairSchema = z.object({
  access: z.string().min(1),
  refresh: z.string().min(1),
  localId: id,
  device: z.string().min(1).optional(),
}) satisfies z.ZodType<TokenPair>;

/**
 * POST /token/refresh/: {access, refresh, localId}. Refresh tokens rotate: the one sent stops
 * working, `refresh` replaces it.
 */
export const refreshAnswerSchema = z.object({
  access: z.string().min(1),
  refresh: z.string().min(1).optional(),
  localId: id,
}) satisfies z.ZodType<RefreshAnswer>;

/** GET /users/me.json, and the answer of its PATCH. */
export const meSchema = z.object({
  id,
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: textOrEmpty,
  email: textOrEmpty,
  role: z.enum(ROLES),
  clave_socio: id.nullable(),
  region: id.nullable(),
  /** The translator flag; absent from a profile cached before it: false. */
  traductor: z.boolean().default(false),
}) satisfies z.ZodType<Me, unknown>;
