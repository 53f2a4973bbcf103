// The queue images are decoded through: never more at once than it allows, in the order they
// came, and a clear 503 rather than an ever longer line.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../core/httpError';
import { workQueue } from './workQueue';

/** A job that runs until `finish` is called; `started` says whether the queue let it start. */
function job(log: string[], name: string) {
  let finish = () => {};
  const state = { started: false, finish: () => finish() };
  const work = () =>
    new Promise<string>((resolve) => {
      state.started = true;
      log.push(`start ${name}`);
      finish = () => {
        log.push(`end ${name}`);
        resolve(name);
      };
    });
  return { state, work };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('workQueue', () => {
  it('runs one job at a time, in the order they came, and a failure frees its place', async () => {
    const queue = workQueue(1, 10, 'busy');
    const log: string[] = [];
    const [a, b, c] = [job(log, 'a'), job(log, 'b'), job(log, 'c')];
    const failing = queue.run(() => Promise.reject(new Error('broken image')));
    const results = [queue.run(a.work), queue.run(b.work), queue.run(c.work)];
    await expect(failing).rejects.toThrow('broken image');
    await tick();
    expect([a.state.started, b.state.started, c.state.started]).toEqual([true, false, false]);
    a.state.finish();
    await tick();
    // A caller arriving as a job ends waits behind those already in line.
    const d = job(log, 'd');
    const late = queue.run(d.work);
    await tick();
    expect([b.state.started, c.state.started, d.state.started]).toEqual([true, false, false]);
    b.state.finish();
    await tick();
    c.state.finish();
    await tick();
    d.state.finish();
    expect(await Promise.all([...results, late])).toEqual(['a', 'b', 'c', 'd']);
    expect(log).toEqual([
      'start a',
      'end a',
      'start b',
      'end b',
      'start c',
      'end c',
      'start d',
      'end d',
    ]);
  });

  it('runs two at once when allowed two', async () => {
    const queue = workQueue(2, 10, 'busy');
    const log: string[] = [];
    const jobs = [job(log, 'a'), job(log, 'b'), job(log, 'c')];
    const results = jobs.map((j) => queue.run(j.work));
    await tick();
    expect(jobs.map((j) => j.state.started)).toEqual([true, true, false]);
    jobs[0]!.state.finish();
    await tick();
    expect(jobs[2]!.state.started).toBe(true);
    jobs[1]!.state.finish();
    jobs[2]!.state.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
  });

  it('refuses with a 503 and Retry-After once the line is full, and takes jobs again after', async () => {
    const queue = workQueue(1, 2, 'The server is busy.');
    const log: string[] = [];
    const jobs = [job(log, 'a'), job(log, 'b'), job(log, 'c')];
    const results = jobs.map((j) => queue.run(j.work));
    const refused = await queue.run(() => Promise.resolve('d')).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      statusCode: 503,
      message: 'The server is busy.',
      headers: { 'retry-after': '30' },
    });
    for (const j of jobs) {
      await tick();
      j.state.finish();
    }
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(await queue.run(() => Promise.resolve('e'))).toBe('e');
  });
});
