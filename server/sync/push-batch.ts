/**
 * `POST /api/sync/push/` (issue 19): many queued writes in one request. Each write is run as
 * its single call would be — through the app's own router (`inject`), so it passes the same
 * authentication, permission, validation and Idempotency-Key pipeline, in its own transaction,
 * and its answer is exactly the single call's. Nothing of a write's meaning lives here: only
 * the order, the chains and when to stop.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '#domain/messages';
import {
  CAPTURED_AT_HEADER,
  CLIENT_SCHEMA_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  type PushResult,
  type PushWrite,
} from '#domain/sync-protocol';

/** Paths a batch may carry: the API's write routes, never the sync, login or docs areas. */
const WRITE_PATH_RE = /^\/api\/(?!sync\/|token\/|docs\/)[A-Za-z0-9\-._~/]+$/;

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

/** Run the batch's writes in order; answer each. */
export async function runPushBatch(
  app: FastifyInstance,
  request: FastifyRequest,
  writes: readonly PushWrite[],
  translate: Translate,
): Promise<PushResult[]> {
  const headers = sharedHeaders(request);
  const refusedChains = new Set<string>();
  const results: PushResult[] = [];
  let stopped = false;
  for (const write of writes) {
    if (stopped) {
      results.push({
        key: write.key,
        status: 503,
        body: { detail: translate(msg('server.sync.notAttempted')), code: 'not_attempted' },
      });
      continue;
    }
    if (write.chain !== undefined && refusedChains.has(write.chain)) {
      results.push({
        key: write.key,
        status: 424,
        body: { detail: translate(msg('server.sync.blockedInBatch')), code: 'blocked' },
      });
      continue;
    }
    const result = await runOne(app, headers, write, translate);
    results.push(result);
    // A refusal blocks the rest of its chain; a failure of the server (the database gone)
    // stops the batch: the phone resends the rest, with the same keys, after Retry-After.
    if (result.status >= 500) stopped = true;
    else if (result.status >= 400 && write.chain !== undefined) refusedChains.add(write.chain);
  }
  return results;
}

async function runOne(
  app: FastifyInstance,
  shared: Record<string, string>,
  write: PushWrite,
  translate: Translate,
): Promise<PushResult> {
  if (!WRITE_PATH_RE.test(write.path) || write.path.includes('..')) {
    return {
      key: write.key,
      status: 400,
      body: { path: [translate(msg('server.sync.pushPathInvalid'))] },
    };
  }
  const headers: Record<string, string> = {
    ...shared,
    [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: write.key,
  };
  if (write.capturedAt !== undefined) headers[CAPTURED_AT_HEADER.toLowerCase()] = write.capturedAt;
  const hasBody = write.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  const answer = await app.inject({
    method: write.method,
    url: write.path,
    headers,
    ...(hasBody ? { payload: JSON.stringify(write.body) } : {}),
  });
  const contentType = answer.headers['content-type'];
  return {
    key: write.key,
    status: answer.statusCode,
    body: parsedBody(typeof contentType === 'string' ? contentType : undefined, answer.body),
  };
}
