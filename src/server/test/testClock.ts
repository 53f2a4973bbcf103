// A send worker's clock that only the test moves (../mail/workerClock.ts): its timers fire, and
// its leases run out, when the test advances it past them, never because the machine was slow.
// Leases are written and compared at the clock's moment instead of the database's now(), so a
// lease the test has not moved past is never taken over, however long the statements take.
import { sql } from 'drizzle-orm';
import type { Cancel, WorkerClock } from '../mail/workerClock';

interface Timer {
  due: number;
  /** Repeats every this many ms; 0: once. */
  every: number;
  fn: () => unknown;
  /** Order of making, for timers due at the same moment. */
  made: number;
}

export class TestClock implements WorkerClock {
  private time: number;
  private readonly timers = new Set<Timer>();
  private made = 0;

  /** Starts at `start` (ms since 1970): any fixed moment does, the leases count from it. */
  constructor(start = Date.parse('2026-06-01T12:00:00Z')) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  leaseNow() {
    return sql`${new Date(this.time).toISOString()}::timestamptz`;
  }

  after(ms: number, fn: () => unknown): Cancel {
    return this.add(ms, 0, fn);
  }

  every(ms: number, fn: () => unknown): Cancel {
    return this.add(ms, ms, fn);
  }

  private add(ms: number, every: number, fn: () => unknown): Cancel {
    const timer: Timer = { due: this.time + Math.max(0, ms), every, fn, made: this.made++ };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  /**
   * Moves the clock `ms` on, firing the timers due on the way in order of their moments, each at
   * its moment; what a timer's function returns (a heartbeat's renewal) is awaited before the
   * clock moves on. Resolves at the new moment.
   */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    for (;;) {
      const next = [...this.timers]
        .filter((t) => t.due <= until)
        .sort((a, b) => a.due - b.due || a.made - b.made)[0];
      if (!next) break;
      this.time = next.due;
      if (next.every > 0) next.due += next.every;
      else this.timers.delete(next);
      await next.fn();
    }
    this.time = until;
  }
}

/**
 * Moves `clock` on by `ms`, `stepMs` at a time (an idle worker's poll), and after each step waits
 * until every worker in `looking` is waiting for work again: each has looked for work at every
 * step's moment, and done what it found, before the clock moves on.
 */
export async function passTime(
  clock: TestClock,
  ms: number,
  stepMs: number,
  looking: readonly { waiting(): Promise<void> }[],
): Promise<void> {
  for (let passed = 0; passed < ms; passed += stepMs) {
    await clock.advance(Math.min(stepMs, ms - passed));
    await Promise.all(looking.map((w) => w.waiting()));
  }
}
