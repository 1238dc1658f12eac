/**
 * The answer of `POST /api/sync/push/` (sync-protocol.ts has the request): apart, so the phone's
 * sync engine checks it without building the protocol's other schemas at its start.
 */
import * as z from 'zod';

/**
 * Each write's answer, in the batch's order: exactly the status and body of its single call
 * (the body as the single call's JSON, so its text is the same byte for byte), or
 * `PUSH_BLOCKED_STATUS` / `PUSH_NOT_ATTEMPTED_STATUS` (sync-wire.ts).
 */
export const pushResultSchema = z.object({
  key: z.string(),
  status: z.number().int(),
  body: z.unknown(),
  /** The single call's Idempotent-Replayed: the answer stored when the key was first seen. */
  replayed: z.boolean().optional(),
});
export type PushResult = z.output<typeof pushResultSchema>;
export const pushAnswerSchema = z.object({ results: z.array(pushResultSchema) });
export type PushAnswer = z.output<typeof pushAnswerSchema>;
