/**
 * Failed-login limiter (ARCHITECTURE.md: "Login attempts are rate limited per IP and
 * username"). Sliding window kept in memory: a username gets `perUser` failures, an IP
 * `perIp`, within `windowMs`; beyond that every attempt answers 429 with Retry-After until the
 * oldest failure leaves the window. A successful login clears the username's failures.
 * One process serves the cooperative, so memory is the right store.
 */
export interface LimiterOptions {
  perUser?: number;
  perIp?: number;
  windowMs?: number;
  now?: () => number;
}

export type LimitCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const MAX_KEYS = 50_000;

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly perUser: number;
  private readonly perIp: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: LimiterOptions = {}) {
    this.perUser = options.perUser ?? 10;
    this.perIp = options.perIp ?? 30;
    this.windowMs = options.windowMs ?? 15 * 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  check(ip: string, username: string): LimitCheck {
    const waits = [
      this.waitFor(`u:${username.toLowerCase()}`, this.perUser),
      this.waitFor(`ip:${ip}`, this.perIp),
    ];
    const wait = Math.max(...waits);
    return wait > 0
      ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) }
      : { allowed: true };
  }

  /**
   * Count a failure; answers its time. The login route counts every attempt this way BEFORE
   * checking its password, so simultaneous attempts see each other and a parallel flood gets
   * no more password checks than the limit.
   */
  recordFailure(ip: string, username: string): number {
    if (this.failures.size > MAX_KEYS) this.sweep();
    const at = this.now();
    for (const key of [`u:${username.toLowerCase()}`, `ip:${ip}`]) {
      const list = this.recent(key);
      list.push(at);
      this.failures.set(key, list);
    }
    return at;
  }

  /**
   * A right password: the username's failures are forgotten, and `attempt` (counted in advance
   * by `recordFailure`) is taken back from its IP, whose earlier failures still count.
   */
  recordSuccess(username: string, attempt?: { ip: string; at: number }): void {
    this.failures.delete(`u:${username.toLowerCase()}`);
    if (!attempt) return;
    const key = `ip:${attempt.ip}`;
    const list = this.failures.get(key) ?? [];
    const index = list.lastIndexOf(attempt.at);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0) this.failures.delete(key);
  }

  /** Milliseconds until one more attempt is allowed for `key` (0 = now). */
  private waitFor(key: string, limit: number): number {
    const list = this.recent(key);
    if (list.length < limit) return 0;
    return list[list.length - limit]! + this.windowMs - this.now();
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  private sweep(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
