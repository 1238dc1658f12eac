/**
 * `POST /api/sync/push/`: many queued writes in one request. Each write is run as
 * its single call would be — through the app's own router (`inject`), so it passes the same
 * authentication, permission, validation and Idempotency-Key pipeline, in its own transaction,
 * and its answer is exactly the single call's. Nothing of a write's meaning lives here: only
 * the order, the chains and when to stop — and what the calls read once for the whole batch
 * (./push-batch-scope.ts).
 */
import { REPLACES_KEY_HEADER } from '#domain/field-inbox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldErrors } from '#domain/entities';
import { msg } from '#domain/messages';
import {
  CAPTURED_AT_HEADER,
  CLIENT_SCHEMA_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  PUSH_BLOCKED_CODE,
  PUSH_BLOCKED_STATUS,
  PUSH_NOT_ATTEMPTED_CODE,
  PUSH_NOT_ATTEMPTED_STATUS,
  type PushResult,
  type PushWrite,
} from '#domain/sync-protocol';
import { currentUser } from '#server/auth/authenticate';
import { unauthorized } from '#server/http/errors';
import type { WriteRouteTable } from '#server/http/write-route-table';
import { findStoredKeys } from './idempotency.ts';
import { runInPushBatch, type PushBatchScope } from './push-batch-scope.ts';

/** Headers of the batch every write carries as its single call would. */
const SHARED_HEADERS = ['authorization', 'accept-language', CLIENT_SCHEMA_HEADER.toLowerCase()];

function sharedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of SHARED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

function parsedBody(contentType: string | undefined, text: string): unknown {
  if (text === '') return null;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export type Translate = (encoded: string) => string;

/**
 * Field errors for the writes whose method and path name no write route (`writes.<i>.path`):
 * the batch is malformed and nothing of it runs. The batch itself, the login and every read
 * are not write routes, so they can never be reached through a batch.
 */
export function unknownWriteRoutes(
  table: WriteRouteTable,
  writes: readonly Pick<PushWrite, 'method' | 'path'>[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [i, write] of writes.entries()) {
    if (!table.matches(write.method, write.path))
      errors[`writes.${i}.path`] = [msg('server.sync.pushPathInvalid')];
  }
  return errors;
}

/**
 * Statuses after which nothing else of the batch can go through now: the caller's token died
 * (401), too many requests (429), the server failed (5xx). The rest is answered
 * `not_attempted` and resent later with the same keys, as the engine does after a single call.
 */
function haltsTheBatch(status: number): boolean {
  return status === 401 || status === 429 || status >= 500;
}

export interface PushBatchOutcome {
  results: PushResult[];
  /** The Retry-After of the write that halted the batch (a 429 or 503 says when to resend). */
  retryAfter?: string;
}

/** Run the batch's writes in order; answer each. */
export async function runPushBatch(
  app: FastifyInstance,
  request: FastifyRequest,
  writes: readonly PushWrite[],
  translate: Translate,
): Promise<PushBatchOutcome> {
  const caller = currentUser(request);
  if (!request.accessToken) throw unauthorized();
  const keys = writes.map((write) => write.key);
  const scope: PushBatchScope = {
    token: request.accessToken,
    caller,
    storedKeys: await findStoredKeys(app.db, caller.id, keys),
    contactWritten: false,
    finalPush: request.lostSession !== null,
  };
  return runInPushBatch(scope, () => runWrites(app, request, writes, translate));
}

async function runWrites(
  app: FastifyInstance,
  request: FastifyRequest,
  writes: readonly PushWrite[],
  translate: Translate,
): Promise<PushBatchOutcome> {
  const headers = sharedHeaders(request);
  // chain → key of the write that refused (or was blocked): what blocks the rest of it.
  const blockedChains = new Map<string, string>();
  const results: PushResult[] = [];
  let halted = false;
  let retryAfter: string | undefined;
  for (const write of writes) {
    const blocker = write.chain === undefined ? undefined : blockedChains.get(write.chain);
    if (halted) {
      results.push({
        key: write.key,
        status: PUSH_NOT_ATTEMPTED_STATUS,
        body: {
          detail: translate(msg('server.sync.notAttempted')),
          code: PUSH_NOT_ATTEMPTED_CODE,
        },
      });
    } else if (blocker !== undefined) {
      results.push({
        key: write.key,
        status: PUSH_BLOCKED_STATUS,
        body: {
          detail: translate(msg('server.sync.blockedInBatch')),
          code: PUSH_BLOCKED_CODE,
          blocked_by: blocker,
        },
      });
    } else {
      const { result, retryAfter: itsRetryAfter } = await runOne(app, headers, write);
      results.push(result);
      if (haltsTheBatch(result.status)) {
        halted = true;
        retryAfter = itsRetryAfter;
      }
      // Any other refusal (400, 403, 404, 409…) blocks the later writes of its chain.
      else if (result.status >= 400 && write.chain !== undefined)
        blockedChains.set(write.chain, write.key);
    }
  }
  return retryAfter === undefined ? { results } : { results, retryAfter };
}

async function runOne(
  app: FastifyInstance,
  shared: Record<string, string>,
  write: PushWrite,
): Promise<{ result: PushResult; retryAfter: string | undefined }> {
  const headers: Record<string, string> = {
    ...shared,
    [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: write.key,
  };
  if (write.capturedAt !== undefined) headers[CAPTURED_AT_HEADER.toLowerCase()] = write.capturedAt;
  if (write.replaces !== undefined) headers[REPLACES_KEY_HEADER.toLowerCase()] = write.replaces;
  const hasBody = write.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  const answer = await app.inject({
    method: write.method,
    url: write.path,
    headers,
    ...(hasBody ? { payload: JSON.stringify(write.body) } : {}),
  });
  const contentType = answer.headers['content-type'];
  const retryAfter = answer.headers['retry-after'];
  const replayed = answer.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()] === 'true';
  return {
    result: {
      key: write.key,
      status: answer.statusCode,
      body: parsedBody(typeof contentType === 'string' ? contentType : undefined, answer.body),
      ...(replayed && { replayed }),
    },
    retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
  };
}
