import { describe, expect, it } from 'vitest';
import { slicePauses } from './slices';

describe('a long build in slices', () => {
  it('lets a waiting request through while the work goes on', async () => {
    const pause = slicePauses();
    let heard = false;
    setImmediate(() => (heard = true));
    // Busy work, as a build's loop over chapters does, pausing between items, until the request
    // is heard. Without a real yield it is never heard: the 10 s (far past a 4 ms slice, however
    // slow the machine) only ends the loop so that the test can say so.
    const started = performance.now();
    while (!heard && performance.now() - started < 10_000) await pause();
    expect(heard).toBe(true);
  });

  it('does not give the loop back before its slice is up', () => {
    const pause = slicePauses();
    expect(pause()).toBeUndefined();
  });
});
