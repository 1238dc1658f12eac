/**
 * `defineWriteRoute`: THE way to declare a POST/PUT/PATCH
 * (docs/sync-protocol.md#what-the-server-does-with-a-write and
 * docs/architecture.md#api-conventions). On top of `defineRoute`'s declared input/output it gives
 * every write:
 *
 * 1. the visitor guard (403, in the authentication hook, before anything else);
 * 2. `X-Client-Schema` → 426 `client_outdated` for a phone too old for this server;
 * 3. `Idempotency-Key` (optional): the same key and the same request again → the stored status
 *    and answer with `Idempotent-Replayed: true`, no second effect; the same key with another
 *    method, path or body → 409 `idempotency_key_reuse`. The key row is written in the SAME
 *    transaction as the effect. A rejection (4xx from validation or the handler) is stored too,
 *    after the effect is rolled back; a 5xx is not (the retry may succeed);
 * 4. `X-Captured-At` → `capture.capturedAt` (400 when malformed, in the future or too old);
 * 5. one database transaction `tx` around the handler, opened with the write-order lock
 *    (server/sync/write-order.ts), so row versions commit in the order they were drawn;
 * 6. the caller's last contact, for the office view of field queues (in a batch push, by its
 *    first transaction only, see server/sync/push-batch-scope.ts).
 *
 * The handler answers `{ answer, recordRef? }`: `answer` is the JSON body, parsed by `response`
 * inside the transaction (a wrong answer rolls the write back as a 500; what is stored under the
 * key is exactly what is sent); `recordRef` the id of the record created or changed (the office
 * view lists it). It must do ALL its database work through `tx` (on PGlite, `db` would wait for
 * the transaction forever). Headers it sets on `reply` are not replayed.
 */
import { isReceiptNumber, normalizeReceiptCode } from '#domain/receipts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { WriteKind } from '#domain/command-kinds';
import { REPLACES_KEY_HEADER } from '#domain/field-inbox';
import {
  IDEMPOTENCY_KEY_RE,
  IDEMPOTENT_REPLAYED_HEADER,
  type Capture,
} from '#domain/sync-protocol';
import { currentUser, type AuthUser } from '#server/auth/authenticate';
import type { Db } from '#server/db/client';
import {
  findStoredKey,
  isKeyStored,
  rejectionError,
  rejectionOf,
  requestFingerprint,
  storedAnswer,
  storedAnswerText,
  storeKey,
  type StoredKey,
} from '#server/sync/idempotency';
import { fieldSummary, type FieldSummary } from '#server/sync/field-summary';
import { touchLastSeen } from '#server/sync/last-seen';
import { currentPushBatch } from '#server/sync/push-batch-scope';
import { takeWriteOrderLock } from '#server/sync/write-order';
import {
  capturedAtIfValid,
  checkClientSchema,
  readCapture,
  readIdempotencyKey,
} from './capture.ts';
import { conflict } from './errors.ts';
import { parseInputs, routeSchema, type RouteBase } from './route.ts';

export type WriteMethod = 'POST' | 'PUT' | 'PATCH';

export interface WriteResult<A> {
  answer: A;
  /** Id of the created/changed record, as text or number (stored as text). */
  recordRef?: string | number | null;
}

export interface WriteHandlerInput<B, Q, P> {
  /** The write's transaction: do every query through it. */
  tx: Db;
  request: FastifyRequest;
  reply: FastifyReply;
  user: AuthUser;
  body: B;
  query: Q;
  params: P;
  capture: Capture;
}

export interface WriteRouteSpec<
  B extends z.ZodType,
  Q extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
  K extends string = WriteKind,
> extends RouteBase<B, Q, P> {
  method: WriteMethod;
  /**
   * Record kind for the office view, e.g. 'profile.update', 'socio.create' (the phone's name
   * of the same write where it queues one); a function of the raw body when one route carries
   * several kinds of write (the variants of one PATCH).
   */
  kind: K | ((body: unknown) => K);
  /**
   * Keep the member, contract, amount and kilos of the answer (or refused body) on the key row
   * for the field inbox (default true); false where those fields mean something else (a profile).
   */
  inboxSummary?: boolean;
  /**
   * An accepted write may change who a user is to the authentication (its translator flag, or
   * its region through its member's community or the community's region): the next write of a
   * batch push reads its caller again (server/sync/push-batch-scope.ts). Default false.
   */
  mayChangeCallers?: boolean;
  response: R;
  handler: (
    input: WriteHandlerInput<z.output<B>, z.output<Q>, z.output<P>>,
  ) => Promise<WriteResult<z.input<R>>>;
}

type Outcome =
  | { type: 'done'; status: number; answerText: string }
  | { type: 'rejected'; error: Error }
  | { type: 'replay'; stored: StoredKey };

/** The body exactly as it travels: what is stored is what is sent, byte for byte. */
function serialized(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/**
 * The receipt a field capture's body carries (`recibo_codigo`, `recibo`), kept on its key row
 * whatever the outcome, so a refused receipt can be told apart (server/services/receipts.ts).
 * Taken from the raw body (a refusal may be of a body that does not parse), so only a
 * well-formed value is kept: anything else (a NUL the database refuses included) is null.
 */
function receiptOf(body: unknown): { receipt_code: string | null; receipt_number: string | null } {
  const text = (key: string) => {
    if (body === null || typeof body !== 'object' || !(key in body)) return null;
    const value: unknown = Reflect.get(body, key);
    return typeof value === 'string' ? value : null;
  };
  const code = text('recibo_codigo');
  const number = text('recibo');
  return {
    receipt_code: code !== null && normalizeReceiptCode(code) === code ? code : null,
    receipt_number: number !== null && isReceiptNumber(number) ? number : null,
  };
}

const NO_SUMMARY: FieldSummary = {
  socio: null,
  credito: null,
  monto: null,
  kilos: null,
  aportacion: null,
};

/**
 * The key of the refused write a corrected one replaces (`X-Replaces-Key`, sent by the phone's
 * resubmitted rows): kept to link the two in the field inbox. A malformed value is ignored
 * rather than refused — it is a hint for the office, not part of the write.
 */
function readReplacesKey(request: FastifyRequest): string | null {
  const value = request.headers[REPLACES_KEY_HEADER.toLowerCase()];
  return typeof value === 'string' && IDEMPOTENCY_KEY_RE.test(value) ? value : null;
}

/** Send an already serialized JSON body as it is (Fastify passes a JSON string on untouched). */
function sendText(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).type('application/json; charset=utf-8').send(text);
}

/** What a write's handler works with besides its request and reply. */
interface WriteContext {
  user: AuthUser;
  key: string | null;
  fingerprint: string;
  kind: string;
  replacesKey: string | null;
  receivedAt: Date;
}

function summaryFor(spec: { inboxSummary?: boolean }, source: unknown): FieldSummary {
  return spec.inboxSummary === false ? NO_SUMMARY : fieldSummary(source);
}

/** Validate input and run the handler; answers the checked, serialisable body. */
async function runEffect<
  B extends z.ZodType,
  Q extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
  K extends string,
>(
  spec: WriteRouteSpec<B, Q, P, R, K>,
  tx: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  context: WriteContext,
) {
  const capture = readCapture(request, context.receivedAt);
  const result = await spec.handler({
    tx,
    request,
    reply,
    user: context.user,
    ...parseInputs(spec, request),
    capture,
  });
  const checked = spec.response.safeParse(result.answer);
  // A wrong answer is the server's bug: a 500 (never stored), not a 400 blamed on the caller.
  if (!checked.success)
    throw new Error(`${spec.method} ${spec.url} answer: ${z.prettifyError(checked.error)}`);
  const answer: unknown = checked.data;
  return {
    status: spec.status ?? 200,
    answerText: serialized(answer),
    summary: summaryFor(spec, answer),
    recordRef: result.recordRef == null ? null : String(result.recordRef),
    capture,
  };
}

function replay(reply: FastifyReply, stored: StoredKey, fingerprint: string) {
  if (stored.body_hash !== fingerprint) {
    throw conflict('server.sync.idempotencyKeyReuse', 'idempotency_key_reuse');
  }
  reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (stored.status >= 400) throw rejectionError(stored.status, storedAnswer(stored.answer));
  return sendText(reply, stored.status, storedAnswerText(stored));
}

/** The key row's fields that do not depend on the outcome. */
function keyRowBase(request: FastifyRequest, context: WriteContext, key: string) {
  return {
    user_id: context.user.id,
    key,
    method: request.method,
    path: request.url,
    kind: context.kind,
    body_hash: context.fingerprint,
    received_at: context.receivedAt,
    ...receiptOf(request.body),
    replaces_key: context.replacesKey,
  };
}

/**
 * The write in its transaction, under the write-order lock: the effect (in a savepoint) and
 * its key row, a rejection's key row after the effect is undone, or the replay of a key a
 * concurrent request with it committed first.
 */
async function writeInTransaction<
  B extends z.ZodType,
  Q extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
  K extends string,
>(
  spec: WriteRouteSpec<B, Q, P, R, K>,
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  context: WriteContext,
): Promise<Outcome> {
  const { key, user, receivedAt } = context;
  const batch = currentPushBatch();
  return db.transaction(async (tx): Promise<Outcome> => {
    await takeWriteOrderLock(tx);
    if (!batch?.contactWritten) await touchLastSeen(tx, user.id, receivedAt);
    if (key && (await isKeyStored(tx, user.id, key))) {
      // A concurrent request with this key held the lock before us and has committed.
      const stored = await findStoredKey(tx, user.id, key);
      if (stored) return { type: 'replay', stored };
    }
    try {
      // A savepoint: a rejection undoes the effect but keeps the lock and this transaction,
      // so the rejection is stored before any duplicate of this request can run.
      const done = await tx.transaction((sp) => runEffect(spec, sp, request, reply, context));
      if (key) {
        await storeKey(tx, {
          ...keyRowBase(request, context, key),
          status: done.status,
          answerText: done.answerText,
          record_ref: done.recordRef,
          captured_at: done.capture.capturedAt,
          ...done.summary,
        });
      }
      return { type: 'done', status: done.status, answerText: done.answerText };
    } catch (error) {
      const rejection = rejectionOf(error);
      if (!rejection) throw error;
      if (key) {
        await storeKey(tx, {
          ...keyRowBase(request, context, key),
          status: rejection.status,
          answerText: serialized(rejection.answer),
          record_ref: null,
          captured_at: capturedAtIfValid(request),
          ...summaryFor(spec, request.body),
        });
      }
      // Rebuilt from the stored form, so this answer and any replay are the same text.
      return { type: 'rejected', error: rejectionError(rejection.status, rejection.answer) };
    }
  });
}

async function handleWrite<
  B extends z.ZodType,
  Q extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
  K extends string,
>(spec: WriteRouteSpec<B, Q, P, R, K>, db: Db, request: FastifyRequest, reply: FastifyReply) {
  const user = currentUser(request);
  checkClientSchema(request);
  const key = readIdempotencyKey(request);
  const fingerprint = key ? requestFingerprint(request.method, request.url, request.body) : '';
  const context: WriteContext = {
    user,
    key,
    fingerprint,
    kind: typeof spec.kind === 'function' ? spec.kind(request.body) : spec.kind,
    replacesKey: readReplacesKey(request),
    receivedAt: new Date(),
  };
  // A write of a batch push: its key was looked up with the batch's, and the caller's last
  // contact is written by the batch's first transaction only.
  const batch = currentPushBatch();

  // Fast path: a key already answered needs no lock.
  if (key) {
    const stored = batch
      ? (batch.storedKeys.get(key) ?? null)
      : await findStoredKey(db, user.id, key);
    if (stored) return replay(reply, stored, fingerprint);
  }

  const outcome = await writeInTransaction(spec, db, request, reply, context);
  if (batch) batch.contactWritten = true;
  if (outcome.type === 'replay') return replay(reply, outcome.stored, fingerprint);
  if (outcome.type === 'rejected') throw outcome.error;
  if (batch && spec.mayChangeCallers) batch.caller = null;
  return sendText(reply, outcome.status, outcome.answerText);
}

function registerWriteRoute<
  B extends z.ZodType,
  Q extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
  K extends string,
>(app: FastifyInstance, spec: WriteRouteSpec<B, Q, P, R, K>): void {
  const { db } = app;
  // `prefix` is the area's (empty at the root): the table holds the full pattern.
  app.writeRoutes.add(spec.method, `${app.prefix}${spec.url}`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: spec.method,
    url: spec.url,
    schema: routeSchema(spec, { [spec.status ?? 200]: spec.response }),
    preHandler: spec.preHandler ?? [],
    handler: (request, reply) => handleWrite(spec, db, request, reply),
  });
}

/** Declares a write route of the app: its kind is one of src/domain/command-kinds.ts. */
export function defineWriteRoute<
  B extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
  R extends z.ZodType = z.ZodUnknown,
>(app: FastifyInstance, spec: WriteRouteSpec<B, Q, P, R>): void {
  registerWriteRoute(app, spec);
}

/**
 * `defineWriteRoute` for routes whose kinds are none of the app's (a test's or a bench's own
 * write), named where it is made: `writeRoutesOfKinds<'note.create'>()(app, spec)`.
 */
export function writeRoutesOfKinds<K extends string>() {
  return <
    B extends z.ZodType = z.ZodUnknown,
    Q extends z.ZodType = z.ZodUnknown,
    P extends z.ZodType = z.ZodUnknown,
    R extends z.ZodType = z.ZodUnknown,
  >(
    app: FastifyInstance,
    spec: WriteRouteSpec<B, Q, P, R, K>,
  ): void => {
    registerWriteRoute(app, spec);
  };
}
