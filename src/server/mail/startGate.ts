// The last look before a claimed row is handed to SMTP: is it still this claim's (not cancelled
// by the host, not taken over)? A cancel marks the rows a worker holds 'cancelled' and returns;
// from then on no gate says yes to them, so nothing the cancel caught is sent after it returns
// (a row already handed to SMTP is sent, and recorded as sent).
//
// The loops' looks are asked together: a look that starts while another is under way waits for
// the next, which starts as soon as the one under way ends and answers every loop that asked
// meanwhile. So a look always starts after it was asked for (a cancel committed before that is
// seen), and a worker with N loops makes about one statement per N sends, not one per send.
import type { Db } from '../db/client';
import { stillClaimed } from './deliveries';

interface Asking {
  row: { id: number; attempts: number };
  answer: (mine: boolean) => void;
  fail: (err: unknown) => void;
}

export interface StartGate {
  /** True when the row may be sent now; rejects if the database could not be asked. */
  mayStillSend(row: { id: number; attempts: number }): Promise<boolean>;
}

export function startGate(db: Db): StartGate {
  let waiting: Asking[] = [];
  let looking = false;

  async function look() {
    looking = true;
    while (waiting.length > 0) {
      const asked = waiting;
      waiting = [];
      try {
        const mine = await stillClaimed(
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
        if (!looking) void look();
      });
    },
  };
}
