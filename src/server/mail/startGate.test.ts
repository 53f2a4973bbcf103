// The start gate's grouping of the loops' looks (./startGate.ts): one statement for the loops
// that ask together, a look for one loop alone after the short wait for company and not
// before, and the asks made while a look is under way answered by the next one at once. The
// database's answer is the test's own (the gate's third argument): what is asserted is when
// looks start and whom they answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { startGate as realStartGate, type StillClaimed } from './startGate';

const looks = vi.fn<StillClaimed>();
const startGate = (db: Db, company: number) => realStartGate(db, company, looks);
const db = {} as Db;
const row = (id: number) => ({ id, attempts: 1 });
/** The ids each look asked about, in order. */
const asked = () => looks.mock.calls.map(([, rows]) => rows.map((r) => r.id));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  looks.mockReset();
  // Every row is still ours but 3 (cancelled by the host).
  looks.mockImplementation(
    async (_db, rows) => new Set(rows.map((r) => r.id).filter((id) => id !== 3)),
  );
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the start gate', () => {
  it('answers the loops that ask together with one look, at once', async () => {
    const gate = startGate(db, 3);
    const answers = Promise.all([1, 2, 3].map((id) => gate.mayStillSend(row(id))));
    // Every loop asked: no wait for company.
    expect(asked()).toEqual([[1, 2, 3]]);
    expect(await answers).toEqual([true, true, false]);
  });

  it('makes a loop alone wait for company up to 2 ms, then looks', async () => {
    const gate = startGate(db, 4);
    const answer = gate.mayStillSend(row(1));
    await vi.advanceTimersByTimeAsync(1);
    expect(asked()).toEqual([]);
    // Another loop asks within the wait: both in the one look.
    const second = gate.mayStillSend(row(2));
    await vi.advanceTimersByTimeAsync(1);
    expect(asked()).toEqual([[1, 2]]);
    expect(await answer).toBe(true);
    expect(await second).toBe(true);
  });

  it('answers what was asked during a look with the next look, without a wait', async () => {
    let release: () => void = () => {};
    looks.mockImplementationOnce(async (_db, rows) => {
      await new Promise<void>((resolve) => (release = resolve));
      return new Set(rows.map((r) => r.id));
    });
    const gate = startGate(db, 1);
    const first = gate.mayStillSend(row(1));
    expect(asked()).toEqual([[1]]);
    // Asked while the first look is under way: it must not be answered by that look, whose
    // snapshot may predate a cancel committed before this ask.
    const during = [gate.mayStillSend(row(3)), gate.mayStillSend(row(4))];
    expect(asked()).toEqual([[1]]);
    release();
    expect(await first).toBe(true);
    expect(await Promise.all(during)).toEqual([false, true]);
    expect(asked()).toEqual([[1], [3, 4]]);
  });

  it('fails the loops of a look the database could not answer, and looks anew next time', async () => {
    looks.mockRejectedValueOnce(new Error('database away'));
    const gate = startGate(db, 2);
    const both = [gate.mayStillSend(row(1)), gate.mayStillSend(row(2))];
    await expect(both[0]).rejects.toThrow('database away');
    await expect(both[1]).rejects.toThrow('database away');
    const again = gate.mayStillSend(row(1));
    await vi.advanceTimersByTimeAsync(2);
    expect(await again).toBe(true);
    expect(asked()).toEqual([[1, 2], [1]]);
  });
});
