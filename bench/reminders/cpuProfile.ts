// `--cpu-prof DIR` of `npm run bench:reminders`: a V8 CPU profile of one stretch of this process
// (the send worker's round), taken with the inspector around that stretch only, so that the
// network's build and the queueing before it do not crowd the profile. Read it in Chrome's
// DevTools (Performance, load profile) or any .cpuprofile viewer.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';

/** Runs `work` profiled into `dir`/`name`.cpuprofile when `dir` is set; as is otherwise. */
export async function profiled<T>(dir: string, name: string, work: () => Promise<T>): Promise<T> {
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}
