/**
 * Failed-login limiter (docs/security.md#lockout: login attempts are limited per IP and per
 * username). Its state is the `login_failures` table, so the limits hold across every API
 * instance on one database. Three rules, each over a sliding window (`windowMs`, 15 min):
 *
 * - **a client** (IP) gets `perIp` failures, whatever the usernames; then every attempt from it
 *   answers 429 until its oldest failure leaves the window (the client is locked);
 * - **a client on one username** gets `perUser` failures; then that client is locked out of
 *   that username the same way (other clients are not);
 * - **a username**, over all clients, is never locked: past `perUser` failures in the window,
 *   each further attempt must wait `baseDelayMs · 2^(failures − perUser)` after the last one,
 *   at most `maxDelayMs` (1 s, 2 s, 4 s … 1 min). Guessing one password from many addresses is
 *   slowed to one try a minute, while a manager whose name is being guessed still logs in
 *   within a minute — failures from others can no longer lock them out for good.
 *
 * - **a known device** — one that logged in as this user before and sends the device token it
 *   got then — is a client of its own and only its own `perUser` failures lock it: an attack on
 *   the username from elsewhere neither slows nor locks the real user's phone.
 *
 * A right password clears the username's failures (they still count against their clients).
 * Every attempt is counted BEFORE its password is checked (`attempt`), in a transaction that
 * holds an advisory lock on the username and one on the client, so simultaneous attempts — on
 * any instance — see each other and a parallel flood gets no more password checks than the
 * limits allow.
 */
import { and, count, eq, gt, lt, max, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { allOf, theRow } from '#server/db/conditions';
import { loginFailures } from '#server/db/schema';

export interface LimiterOptions {
  perUser?: number;
  perIp?: number;
  windowMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  now?: () => number;
}

/** An attempt let through, counted as a failure until `succeeded` takes it back. */
export type Attempt = { allowed: true; id: number } | { allowed: false; retryAfterSeconds: number };

/** Advisory lock ids live in one bigint space: keep these away from the write-order lock. */
const lockKey = (kind: 'u' | 'c', value: string) =>
  sql`hashtextextended(${`comonsit-login-${kind}:${value}`}, 0)`;

export class LoginLimiter {
  readonly perUser: number;
  readonly perIp: number;
  readonly windowMs: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  private readonly now: () => number;

  constructor(options: LimiterOptions = {}) {
    this.perUser = options.perUser ?? 10;
    this.perIp = options.perIp ?? 30;
    this.windowMs = options.windowMs ?? 15 * 60 * 1000;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Check and, when allowed, count the attempt as a failure — atomically across instances.
   * `device`: the id of a device this user has logged in from before (a device token the app
   * keeps, verified by the caller). Such a device is a client of its own, whatever its address,
   * and only its own failures lock it (`perUser`): failures from elsewhere — the client's, the
   * username's slowdown — do not keep the real user out. Unknown devices keep every limit.
   */
  async attempt(
    db: Db,
    client: string,
    username: string,
    device: string | null = null,
  ): Promise<Attempt> {
    const name = username.toLowerCase();
    const who = LoginLimiter.clientOf(client, device);
    return db.transaction(async (tx) => {
      // Always username first, then client: no two attempts wait on each other in a cycle.
      await tx.execute(sql`select pg_advisory_xact_lock(${lockKey('u', name)})`);
      await tx.execute(sql`select pg_advisory_xact_lock(${lockKey('c', who)})`);
      const now = this.now();
      const wait =
        device === null
          ? await this.waitMs(tx, client, name, now)
          : await this.deviceWaitMs(tx, who, name, now);
      if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
      // Failures out of every window are of no use any more.
      await tx.delete(loginFailures).where(lt(loginFailures.at, new Date(now - this.windowMs)));
      const rows = await tx
        .insert(loginFailures)
        .values({ client: who, username: name, at: new Date(now) })
        .returning({ id: loginFailures.id });
      return { allowed: true, id: theRow(rows, 'login failure').id };
    });
  }

  /**
   * A right password from `client` (the attempt's own: an address, or `device:…`): the attempt
   * was no failure; the username's failures no longer slow it down; this client's own failures
   * on it were the owner's typos and no longer lock the pair (they still count against the
   * client). Other clients' failures keep locking their pair: a real user logging in must not
   * hand an attacker a fresh round of guesses.
   */
  async succeeded(db: Db, username: string, attemptId?: number, client?: string): Promise<void> {
    const name = username.toLowerCase();
    if (attemptId !== undefined)
      await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
    if (client !== undefined)
      // Kept for the client's own limit, taken from the username's (no username is empty).
      await db
        .update(loginFailures)
        .set({ username: '', cleared: true })
        .where(and(eq(loginFailures.username, name), eq(loginFailures.client, client)));
    await db
      .update(loginFailures)
      .set({ cleared: true })
      .where(and(eq(loginFailures.username, name), eq(loginFailures.cleared, false)));
  }

  /** The limiter's name for the client of an attempt (`attempt`'s `client` and `device`). */
  static clientOf(client: string, device: string | null): string {
    return device === null ? client : `device:${device}`;
  }

  /** Milliseconds before `client` may try `name` (0 = now). */
  private async waitMs(db: Db, client: string, name: string, now: number): Promise<number> {
    const since = new Date(now - this.windowMs);
    const inWindow = gt(loginFailures.at, since);
    const byClient = eq(loginFailures.client, client);
    const byName = and(eq(loginFailures.username, name), eq(loginFailures.cleared, false));
    // The pair counts its failures whoever succeeded since (see `succeeded`).
    const byPair = and(byClient, eq(loginFailures.username, name));
    // One after another: `db` is the transaction's single client, which runs one query at a
    // time (pg warns of a query sent while another runs, and its next major refuses it).
    const clientWait = await this.lockWait(db, allOf(inWindow, byClient), this.perIp, now);
    const pairWait = await this.lockWait(db, allOf(inWindow, byPair), this.perUser, now);
    const [named] = await db
      .select({ n: count(), last: max(loginFailures.at) })
      .from(loginFailures)
      .where(and(inWindow, byName));
    let slowdown = 0;
    if (named && named.last && named.n >= this.perUser) {
      const delay = Math.min(this.baseDelayMs * 2 ** (named.n - this.perUser), this.maxDelayMs);
      slowdown = named.last.getTime() + delay - now;
    }
    return Math.max(clientWait, pairWait, slowdown, 0);
  }

  /** Milliseconds before a known device may try `name` again: its own failures only. */
  private async deviceWaitMs(db: Db, who: string, name: string, now: number): Promise<number> {
    const mine = allOf(
      gt(loginFailures.at, new Date(now - this.windowMs)),
      eq(loginFailures.client, who),
      eq(loginFailures.username, name),
    );
    return Math.max(await this.lockWait(db, mine, this.perUser, now), 0);
  }

  /** A lock of `limit` failures: until the oldest of the last `limit` leaves the window. */
  private async lockWait(db: Db, where: SQL, limit: number, now: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(loginFailures).where(where);
    if (!row || row.n < limit) return 0;
    // The failure whose leaving the window brings the count below the limit.
    const [oldest] = await db.select({ at: min(sql<Date>`at`) }).from(
      db
        .select({ at: loginFailures.at })
        .from(loginFailures)
        .where(where)
        .orderBy(sql`${loginFailures.at} desc`)
        .limit(limit)
        .as('recent'),
    );
    const at = oldest?.at ? new Date(oldest.at).getTime() : now;
    return at + this.windowMs - now;
  }
}
