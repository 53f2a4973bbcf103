// The send worker's time: when it looks for work, when its heartbeat beats, how much of a claim's
// start window is left, and the moment a lease is counted from. In production: the process's
// own timers and monotonic clock, and the database's now() for leases (every app server counts
// leases on the one clock, the database's, so a server whose clock is off takes over nothing
// early). A test drives a clock of its own (../test/testClock.ts): a lease runs out when the
// test moves the clock past it, however fast or slow the machine.
import { sql, type SQL } from 'drizzle-orm';

/** Cancels a timer. */
export type Cancel = () => void;

export interface WorkerClock {
  /** Milliseconds, for deadlines within this process (only differences mean anything). */
  now(): number;
  /** The moment a lease is counted from and compared with, as SQL. */
  leaseNow(): SQL;
  /** Runs `fn` once, `ms` from now. */
  after(ms: number, fn: () => unknown): Cancel;
  /**
   * Runs `fn` every `ms` until cancelled; never keeps the process up. What `fn` returns is
   * awaited by a test's clock before it moves on (a beat lands before the next one is due).
   */
  every(ms: number, fn: () => unknown): Cancel;
}

export const realClock: WorkerClock = {
  now: () => performance.now(),
  leaseNow: () => sql`now()`,
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};
