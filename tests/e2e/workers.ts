/**
 * How many e2e files run at once (E2E_WORKERS, default 2). Each worker has a server and
 * database of its own (global-setup.ts): one journey uses less than one of CI's two cores —
 * much of it waits on the link, the sync's timers and the throttled phone — so two side by
 * side take about half the time (docs/testing.md#ci).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '1') || 1);
