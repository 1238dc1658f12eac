/** Zod shape of the current user (`GET /api/users/me.json`, ARCHITECTURE.md "API conventions"). */
import { z } from 'zod';
import { ROLES } from '#domain/roles';
import type { Me } from '#domain/entities';

export const meSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z
    .string()
    .nullable()
    .transform((v) => v ?? ''),
  email: z
    .string()
    .nullable()
    .transform((v) => v ?? ''),
  role: z.enum(ROLES),
  clave_socio: z.number().int().nullable(),
  region: z.number().int().nullable(),
}) satisfies z.ZodType<Me, unknown>;
