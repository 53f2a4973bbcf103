// The last look before a claimed row is handed to SMTP: is it still this claim's (not cancelled
// by the host, not taken over)? A cancel marks the rows a worker holds 'cancelled' and returns;
// from then on no gate says yes to them, so nothing the cancel caught is sent after it returns
// (a row already handed to SMTP is sent, and recorded as sent).
//
// The loops' looks are asked together: a look that starts while another is under way waits for
// the next, which starts as soon as the one under way ends and answers every loop that asked
// meanwhile. So a look always starts after it was asked for (a cancel committed before that is
// seen), and a worker with N loops makes about one statement per N sends, not one per send.
//
// With nothing under way, a look waits for company: until every loop asked, or HOLD_MS passed.
// Without that wait the loops' looks seldom met (a look takes a fraction of a millisecond, a
// send tens of them), and each send cost a statement of its own: about a fifth of the worker's
// CPU per copy in bench:reminders (docs/performance.md). Looks that start together send
// together, and their answers come back together, so the loops keep in step and mostly ask
// together. The wait is before the look, never between its answer and the send: the window in
// which a cancel can miss a send is as short as it was.
import type { Db } from '../db/client';
import { stillClaimed } from './deliveries';

// A few per cent of a send to a nearby SMTP server; a look for one loop alone waits this long.
// Real timers even when the worker runs on a test's clock (./workerClock.ts), as the sent
// records' delay (./sentRecorder.ts): it only bounds how long a look waits for company.
const HOLD_MS = 2;

interface Asking {
  row: { id: number; attempts: number };
  answer: (mine: boolean) => void;
  fail: (err: unknown) => void;
}

export interface StartGate {
  /** True when the row may be sent now; rejects if the database could not be asked. */
  mayStillSend(row: { id: number; attempts: number }): Promise<boolean>;
}

/** The question a look asks: which of these rows are still under their claims. */
export type StillClaimed = typeof stillClaimed;

/**
 * `company`: the loops that may ask at once (the worker's concurrency); a look waits for them.
 * `ask`: the database's question (a test answers it itself).
 */
export function startGate(db: Db, company = 1, ask: StillClaimed = stillClaimed): StartGate {
  let waiting: Asking[] = [];
  let looking = false;
  let held: NodeJS.Timeout | null = null;

  async function look() {
    if (held) clearTimeout(held);
    held = null;
    looking = true;
    while (waiting.length > 0) {
      const asked = waiting;
      waiting = [];
      try {
        const mine = await ask(
          db,
          asked.map((a) => a.row),
        );
        for (const a of asked) a.answer(mine.has(a.row.id));
      } catch (err) {
        for (const a of asked) a.fail(err);
      }
    }
    looking = false;
  }

  return {
    mayStillSend(row) {
      return new Promise((answer, fail) => {
        waiting.push({ row, answer, fail });
        if (looking) return;
        if (waiting.length >= company) void look();
        else held ??= setTimeout(() => void look(), HOLD_MS);
      });
    },
  };
}
